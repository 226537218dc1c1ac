import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { leavePage } from './unsavedChanges';

export interface Navigation {
  /** Goes to an app path such as `/creator/CR12345?step=...`. */
  navigate(href: string): void;
  /**
   * Back to the previous page of this app, or to `fallbackHref` when there is none (the page
   * was opened from a bookmark or a shared link). Without it, Back buttons go to `fallbackHref`.
   */
  back?(fallbackHref: string): void;
}

const NavigationContext = createContext<Navigation | null>(null);

/** The host app fills this with its router; widgets never import react-router-dom. */
export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/**
 * Navigation outside a router (custom elements, npm consumers without a provider):
 * dispatch a cancelable `cf-navigate` event from `origin` (bubbles, crosses shadow roots);
 * if nobody cancels it, follow the link.
 */
export function eventNavigation(origin: () => EventTarget | null): Navigation {
  const navigation: Navigation = {
    navigate(href) {
      const target = origin();
      const event = new CustomEvent('cf-navigate', { detail: { href }, bubbles: true, composed: true, cancelable: true });
      const proceed = target ? target.dispatchEvent(event) : true;
      if (proceed && typeof window !== 'undefined') window.location.assign(href);
    },
    back(fallbackHref) {
      // Without a router the only sign of a previous page of this site is a same-origin referrer.
      if (typeof document !== 'undefined' && sameOrigin(document.referrer) && window.history.length > 1) window.history.back();
      else navigation.navigate(fallbackHref);
    },
  };
  return navigation;
}

function sameOrigin(url: string) {
  try {
    return url !== '' && new URL(url).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The screen's navigation; leaving a form with unsaved changes asks first, whoever provides it. */
export function useNavigation(): Required<Navigation> {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation must be used inside a Creatorflow screen');
  return useMemo(
    () => ({
      navigate: (href: string) => leavePage(() => navigation.navigate(href)),
      back: (fallbackHref: string) => leavePage(() => (navigation.back ? navigation.back(fallbackHref) : navigation.navigate(fallbackHref))),
    }),
    [navigation],
  );
}

export const useHasNavigation = () => useContext(NavigationContext) !== null;

/** An anchor that navigates through the screen's navigation (router, or cf-navigate). */
export function Link({ href, onClick, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigation = useNavigation();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigation.navigate(href);
  }
  return (
    <a href={href} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
