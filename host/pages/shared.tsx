import { useEffect, type ReactNode } from 'react';
import { Button } from '../../widgets/ui/Button';
import { useNavigation } from '../../widgets/ui/navigation';
import { Screen } from '../../widgets/ui/Screen';
import { pageStyles } from './styles';

/** Back: the previous page of this tab, or the dashboard when the page was opened directly. */
export function BackButton({ label = 'Back' }: { label?: string }) {
  const navigation = useNavigation();
  return (
    <Button
      onClick={() => {
        if (typeof window !== 'undefined' && window.history.length > 1) window.history.back();
        else navigation.navigate('/');
      }}
    >
      {label}
    </Button>
  );
}

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
