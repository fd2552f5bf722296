/**
 * A select's options for a fixed list of values (a code's kind, a staff role, an order's status),
 * each shown by its label.
 */
export function Options<V extends string | number>({
  values,
  label,
}: {
  values: readonly V[];
  label: (value: V) => string;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
