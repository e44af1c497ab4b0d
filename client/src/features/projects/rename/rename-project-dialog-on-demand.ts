import { loadWhenOpened } from '../../../components/load-when-opened';

/**
 * The rename dialog, loaded when first opened: a dashboard without projects never opens it.
 * Radix's dialog, which loads when a dialog opens, starts loading with it.
 */
export const RenameProjectDialog = loadWhenOpened(
  () => {
    void import('../../../components/ui/dialog').then((dialog) => dialog.Dialog.preload());
    return import('./rename-project-dialog').then((module) => module.RenameProjectDialog);
  },
  (props) => props.project !== null,
);
