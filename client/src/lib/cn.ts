import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; a later Tailwind class overrides a conflicting earlier one (max-w-md < max-w-lg). */
export function cn(...values: ClassValue[]): string {
  return twMerge(clsx(values));
}
