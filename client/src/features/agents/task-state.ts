import type { TaskState } from '@kiln/shared';
import { Circle, CircleCheck, CircleX, LoaderCircle, type LucideIcon } from 'lucide-react';

export interface TaskStateLook {
  label: string;
  icon: LucideIcon;
  /** The icon's colour, and its spin while the role works. */
  iconClassName: string;
}

/**
 * How a task's state shows: pending an empty circle, in progress a spinner, then a
 * check or a cross.
 */
export const TASK_STATE_LOOKS: Record<TaskState, TaskStateLook> = {
  pending: { label: 'Pending', icon: Circle, iconClassName: 'text-muted-foreground' },
  in_progress: {
    label: 'In progress',
    icon: LoaderCircle,
    iconClassName: 'text-primary animate-spin',
  },
  completed: { label: 'Completed', icon: CircleCheck, iconClassName: 'text-success' },
  failed: { label: 'Failed', icon: CircleX, iconClassName: 'text-destructive' },
};
