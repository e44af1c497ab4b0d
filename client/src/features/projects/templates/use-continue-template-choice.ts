import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../../../lib/session';

/**
 * Whether a choice may be waiting, read before loading what reads and acts on it. The key is
 * template-choice.ts's, written again here so that file (with the template catalog) stays out
 * of the dashboard's first visit; a test holds the two equal.
 */
export function mayHaveTemplateChoice(): boolean {
  try {
    return sessionStorage.getItem('kiln:template-choice') !== null;
  } catch {
    return false;
  }
}

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
