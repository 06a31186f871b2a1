import type { ReactNode } from 'react';

interface AuthPanelProps {
  title: string;
  intro: string;
  children: ReactNode;
}

/** The frame of the register and sign-in pages: a welcome beside the form card. */
export function AuthPanel({ title, intro, children }: AuthPanelProps) {
  return (
    <section className="bg-base-200 px-4 py-12 sm:py-20">
      <div className="mx-auto grid max-w-5xl items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="text-center lg:text-left">
          <h1 className="text-4xl font-bold sm:text-5xl">{title}</h1>
          <p className="mx-auto mt-4 max-w-md text-lg leading-relaxed text-base-content/75 lg:mx-0">
            {intro}
          </p>
        </div>
        <div className="card mx-auto w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
          <div className="card-body p-6 sm:p-8">{children}</div>
        </div>
      </div>
    </section>
  );
}
