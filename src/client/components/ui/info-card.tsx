import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

interface InfoCardProps {
  title: string;
  icon?: IconName;
  /** A short line under the title, such as a day and time. */
  meta?: ReactNode;
  children: ReactNode;
}

/** A bordered card with a titled block of text, used by the library's information pages. */
export function InfoCard({ title, icon, meta, children }: InfoCardProps) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <div className="mb-3 flex items-center gap-3">
        {icon && (
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
            <Icon name={icon} />
          </span>
        )}
        <div>
          <h2 className="font-sans text-lg font-semibold">{title}</h2>
          {meta && <p className="text-sm text-base-content/70">{meta}</p>}
        </div>
      </div>
      <div className="leading-relaxed text-base-content/80">{children}</div>
    </section>
  );
}
