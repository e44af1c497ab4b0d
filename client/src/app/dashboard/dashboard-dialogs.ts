import { loadWhenOpened } from '../../components/load-when-opened';
import { Dialog } from '../../components/ui/dialog';

// The dashboard's dialogs, each loaded when first opened: a new account's first visit opens none
// of them, and does without their code (bench/page-weight). Radix's dialog, which loads when a
// dialog opens, starts loading with them.

export const UserManagementDialog = loadWhenOpened(
  () => {
    Dialog.preload();
    return import('./user-management-dialog').then((module) => module.UserManagementDialog);
  },
  (props) => props.open,
);

export const ManagePlanDialog = loadWhenOpened(
  () => {
    Dialog.preload();
    return import('./manage-plan-dialog').then((module) => module.ManagePlanDialog);
  },
  (props) => props.open,
);

export const DeleteProjectDialog = loadWhenOpened(
  () => {
    Dialog.preload();
    return import('./delete-project-dialog').then((module) => module.DeleteProjectDialog);
  },
  (props) => props.project !== null,
);
