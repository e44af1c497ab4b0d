import { loadWhenOpened } from '../../components/load-when-opened';

const preloadDialog = () =>
  void import('../../components/ui/dialog').then((dialog) => dialog.Dialog.preload());

// The dashboard's dialogs, each loaded when first opened: a new account's first visit opens none
// of them, and does without their code (bench/page-weight). Radix's dialog, which loads when a
// dialog opens, starts loading with them (its facade imported only then).

export const UserManagementDialog = loadWhenOpened(
  () => {
    preloadDialog();
    return import('./user-management-dialog').then((module) => module.UserManagementDialog);
  },
  (props) => props.open,
);

export const ManagePlanDialog = loadWhenOpened(
  () => {
    preloadDialog();
    return import('./manage-plan-dialog').then((module) => module.ManagePlanDialog);
  },
  (props) => props.open,
);

export const DeleteProjectDialog = loadWhenOpened(
  () => {
    preloadDialog();
    return import('./delete-project-dialog').then((module) => module.DeleteProjectDialog);
  },
  (props) => props.project !== null,
);
