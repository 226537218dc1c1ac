// URL values as screen props, for the generated routes (host/screens.tsx): path parameters,
// query parameters, and change callbacks that write a query or path parameter back.
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

/** The path with `:name` / `:name?` set to `value` (encoded); an optional one without a value is left out. */
function pathWith(path: string, name: string, value: string | null | undefined): string {
  const segment = new RegExp(`/:${name}\\??(?=/|$)`);
  const filled = path.replace(segment, value === null || value === undefined || value === '' ? '' : `/${encodeURIComponent(value)}`);
  return filled || '/';
}

export function useRouteValues() {
  const params = useParams();
  const [query, setQuery] = useSearchParams();
  const navigate = useNavigate();
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
    /**
     * A change callback that gives the value its own URL: `path` with the parameter `name` set,
     * or without it for null or undefined. It adds a history entry, so Back returns to the list.
     */
    writeParam:
      (path: string, name: string) =>
      (value: string | null | undefined): void =>
        void navigate(pathWith(path, name, value)),
    /**
     * Where an old link that carried a path parameter as `?query=` now goes (`path` with the
     * parameter set), or undefined when the URL is not such a link.
     */
    movedQuery: (path: string, queryName: string, name: string): string | undefined => {
      const value = query.get(queryName);
      return value && !params[name] ? pathWith(path, name, value) : undefined;
    },
    /** A React key from the URL values that seed a screen: a new value mounts a new screen. */
    key: (names: readonly string[]): string => names.map((name) => params[name] ?? query.get(name) ?? '').join('|'),
  };
}
