import { USAGE_PARAMS, type UsageFilters } from './usage-range';

/** The « Fréquentation » screen of a development, narrowed by any of the filters given. */
export function usagePath(devid: number, filters: Partial<UsageFilters> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters) as [keyof UsageFilters, string][])
    if (value) search.set(USAGE_PARAMS[name], value);
  const query = search.toString();
  return `/frequentation/${devid}${query ? `?${query}` : ''}`;
}
