import { Link } from 'wouter';
import { cn } from '../lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-7', className)}>
      <defs>
        <linearGradient id="kiln-flame" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#ea580c" />
          <stop offset="1" stopColor="#fbbf24" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" className="fill-zinc-900 dark:fill-zinc-800" />
      <path
        d="M16 5c1.5 4 6 6.5 6 12a6 6 0 0 1-12 0c0-2.6 1.2-4.3 2.6-5.7.3 1.7 1.1 2.9 2.4 3.4C14.4 11 15 8 16 5z"
        fill="url(#kiln-flame)"
      />
      <rect x="8" y="24" width="16" height="3" rx="1.5" fill="#fafafa" />
    </svg>
  );
}

export function Logo({ href = '/' }: { href?: string }) {
  return (
    <Link href={href} className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <LogoMark />
      <span>Kiln</span>
    </Link>
  );
}
