import { useEffect, type ReactNode } from 'react';
import { Screen } from '../../widgets/ui/Screen';
import { pageStyles } from './styles';

/** Scrolls to the element named by the URL's #hash once the page has rendered (e.g. /support#status). */
export function useScrollToHash() {
  useEffect(() => {
    const id = typeof window !== 'undefined' ? decodeURIComponent(window.location.hash.slice(1)) : '';
    if (!id) return;
    const target = document.getElementById(id);
    target?.scrollIntoView({ block: 'start' });
  }, []);
}

/** Frame of a static page: the Screen (styles, error boundary) around a readable column. */
export function StaticPage({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Screen name={name} styles={pageStyles} part="root">
      {children}
    </Screen>
  );
}
