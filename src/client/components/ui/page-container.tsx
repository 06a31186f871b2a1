import type { ReactNode } from 'react';

/** The centred, padded column of a content page. */
export function PageContainer({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto px-4 py-12 sm:px-6 sm:py-16 ${wide ? 'max-w-6xl' : 'max-w-4xl'}`}>
      {children}
    </div>
  );
}
