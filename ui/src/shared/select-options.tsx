/** The options of a select over an enumeration, with an optional empty first choice ("Select region"). */
export function SelectOptions<T extends string>({
  values,
  label,
  placeholder,
}: {
  values: readonly T[];
  label: (value: T) => string;
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
