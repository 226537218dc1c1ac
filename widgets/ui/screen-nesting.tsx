import { createContext, useContext, type ReactNode } from 'react';

/** Set inside a screen's frame: a screen drawn inside another (the dashboard's panels) does not repeat the frame's lines. */
const InsideScreen = createContext(false);

export function InsideScreenProvider({ children }: { children: ReactNode }) {
  return <InsideScreen.Provider value>{children}</InsideScreen.Provider>;
}

/** True inside another screen's frame. */
export const useInsideScreen = () => useContext(InsideScreen);
