import type { ReactNode } from 'react';

/** A screen's look of its titled sections: the section's class and its heading's. */
export type SectionLook = { section?: string; title?: string };

/**
 * A part of a page named by its own heading: the section (or an aside) is labelled by its h2
 * (`aria-labelledby`), so a screen reader lists it under the words the page shows. `id` is the
 * heading's, unique on the page; `look` holds the screen's own classes.
 */
export function TitledSection({
  id,
  title,
  look,
  as: Tag = 'section',
  children,
}: {
  id: string;
  title: ReactNode;
  look: SectionLook;
  as?: 'section' | 'aside';
  children: ReactNode;
}) {
  return (
    <Tag className={look.section} aria-labelledby={id}>
      <h2 id={id} className={look.title}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
