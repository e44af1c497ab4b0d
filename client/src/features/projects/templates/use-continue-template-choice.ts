import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../../../lib/session';
import { startFromTemplate } from './start-from-template';
import { takeTemplateChoice } from './template-choice';

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
  const carryOn = useEffectEvent(() => {
    const templateId = takeTemplateChoice();
    if (templateId) void startFromTemplate({ templateId, queryClient, navigate });
  });
  useEffect(() => {
    if (signedIn) carryOn();
  }, [signedIn]);
}
