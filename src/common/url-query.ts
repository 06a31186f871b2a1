/** A URL with its query, leaving out the parameters a loader leaves out (undefined), in this order. */
export function withQuery(pathname: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}
