import type { ReactNode } from 'react';

/** A centred icon, heading and message for pages that report the outcome of a link. */
export function StatusBlock({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-4" role="status">
      {icon}
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground text-sm">{text}</p>
      {children}
    </div>
  );
}
