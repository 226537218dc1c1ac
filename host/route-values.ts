// URL values as screen props, for the generated routes (host/screens.tsx): path parameters,
// query parameters, and change callbacks that write a query parameter back.
import { useParams, useSearchParams } from 'react-router-dom';

export function useRouteValues() {
  const params = useParams();
  const [query, setQuery] = useSearchParams();
  return {
    /** A path parameter (`:id`). */
    param: (name: string): string | undefined => params[name],
    /** A query parameter (`?name=`). */
    query: (name: string): string | undefined => query.get(name) ?? undefined,
    /** A query parameter that reads 'true'. */
    flag: (name: string): boolean => query.get(name) === 'true',
    /**
     * A change callback that keeps a screen's value in the URL: it sets `?name=` (removed for
     * null, undefined or `clearWhen`) in place of the current history entry, so Back leaves the
     * screen rather than stepping through its states.
     */
    writeQuery:
      (name: string, clearWhen?: string) =>
      (value: string | null | undefined): void =>
        setQuery(
          (current) => {
            const next = new URLSearchParams(current);
            if (value === null || value === undefined || value === clearWhen) next.delete(name);
            else next.set(name, value);
            return next;
          },
          { replace: true },
        ),
    /** A React key from the URL values that seed a screen: a new value mounts a new screen. */
    key: (names: readonly string[]): string => names.map((name) => params[name] ?? query.get(name) ?? '').join('|'),
  };
}
