import { isHTTPError } from 'ky';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { api, isAbortError, isSessionExpiredError } from '../../api/client.ts';
import { projectSchema, type Project, type ProjectInput, type ProjectUpdate } from '../../domain/users.ts';
import { notifyError } from '../../lib/notify.ts';

export type ProjectListState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; items: Project[] };

const projectListSchema = z.array(projectSchema);

/**
 * GET api/projeto. A reload keeps the current rows on screen until the answer arrives, so saving
 * does not flash the table back to "loading".
 */
export function useProjectList(errorMessage: string): ProjectListState & { reload: () => void } {
  const [state, setState] = useState<ProjectListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('projeto', { signal: controller.signal })
      .json()
      .then((body) => setState({ status: 'ready', items: projectListSchema.parse(body) }))
      .catch((error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setState({ status: 'error', error });
        if (!isSessionExpiredError(error)) notifyError(errorMessage);
      });
    return () => controller.abort();
  }, [attempt, errorMessage]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

/** The HTTP status of a failed call, or null when the server was not reached. */
export function httpStatusOf(error: unknown): number | null {
  return isHTTPError(error) ? error.response.status : null;
}

/** 409 when the name is taken; the server says so. */
export async function createProject(body: ProjectInput): Promise<Project> {
  return projectSchema.parse(await api.post('projeto', { json: body }).json());
}

export async function updateProject(body: ProjectUpdate): Promise<Project> {
  return projectSchema.parse(await api.put('projeto', { json: body }).json());
}

/** 409 while a municipality, axis or solution group still uses the project; the server says which. */
export async function deleteProject(projetoId: number): Promise<void> {
  await api.delete(`projeto/${projetoId}`);
}
