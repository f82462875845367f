/**
 * A value list written once, as its labels: `values` are the table's keys in its order (a non-empty tuple, as z.enum
 * and Drizzle's text enums want), `labels` the table. No zod: screens import value lists cheaply.
 */
export function labelledValues<const Labels extends Record<string, string>>(labels: Labels) {
  type Value = Extract<keyof Labels, string>
  return {
    values: Object.keys(labels) as unknown as readonly [Value, ...Value[]],
    labels: labels as Readonly<Record<Value, string>>,
  }
}
