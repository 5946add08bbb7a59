/** One labelled fact; an empty one (null or '') is left out. */
export type Fact = [label: string, value: string | number | null];

/** A record's facts as a definition list, the empty ones left out. */
export function Facts({
  facts,
  className,
  testId,
}: {
  facts: Fact[];
  className: string | undefined;
  testId: string;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {facts
        .filter(([, value]) => value !== null && value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
