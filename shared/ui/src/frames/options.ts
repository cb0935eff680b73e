import type { SelectOption } from '../fields';

/** Select options from a contract enum: `enumOptions(NEWS_CATEGORIES, (c) => t(`category.${c}`))`. */
export function enumOptions<const T extends string>(values: readonly T[], label: (value: T) => string = (v) => v): SelectOption[] {
  return values.map((value) => ({ value, label: label(value) }));
}
