import { useEffect } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';

const PRODUCT = 'Keydeck';

/** The root of every screen: keeps the document title in step with the open route. */
export function RootLayout() {
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title });
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
  return <Outlet />;
}
