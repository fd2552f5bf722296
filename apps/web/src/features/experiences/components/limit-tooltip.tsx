import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import styles from './experiences.module.css';

/**
 * The Radix tooltip (with floating-ui) around the disabled add-to-cart button of a member whose
 * order limit is reached: its own chunk, loaded only when such a button is on the page.
 */
export default function LimitTooltip({ children, text }: { children: ReactNode; text: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className={styles.tooltip} sideOffset={6}>
            {text}
            <Tooltip.Arrow className={styles.tooltipArrow} />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
