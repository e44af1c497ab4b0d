import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../../../lib/session';
import { mayHaveTemplateChoice } from './template-choice-key';

/**
 * Carries on with a template picked on /templates while signed out, once someone is signed in:
 * registering lands on the dashboard, which calls this. (Signing in returns to /templates,
 * which does the same itself.)
 */
export function useContinueTemplateChoice() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signedIn = user !== null;
  // The choice's reading (with the template catalog) and the project's making load only when a
  // choice is waiting: a dashboard's first visit does without them (bench/page-weight).
  const carryOn = useEffectEvent(() => {
    if (!mayHaveTemplateChoice()) return;
    void Promise.all([import('./template-choice'), import('./start-from-template')]).then(
      ([{ takeTemplateChoice }, { startFromTemplate }]) => {
        const templateId = takeTemplateChoice();
        if (templateId) void startFromTemplate({ templateId, queryClient, navigate });
      },
    );
  });
  useEffect(() => {
    if (signedIn) carryOn();
  }, [signedIn]);
}
