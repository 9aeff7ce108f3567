/** URL of a media value as the admin page must load it: values are relative to the server root. */
export function mediaUrl(value: string): string {
  if (/^(https?:|data:|blob:)/.test(value)) return value;
  return `/${value.replace(/^\.?\//, '')}`;
}
