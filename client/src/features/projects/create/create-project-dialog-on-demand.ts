import { loadWhenOpened } from '../../../components/load-when-opened';

/**
 * The create-project dialog, loaded when first opened (its code and the tooltips' with it), or
 * from `preload`; Radix's dialog, which loads when a dialog opens, starts loading with it.
 */
export const CreateProjectDialog = loadWhenOpened(
  () => {
    void import('../../../components/ui/dialog').then((dialog) => dialog.Dialog.preload());
    return import('./create-project-dialog').then((module) => module.CreateProjectDialog);
  },
  (props) => props.open,
);
