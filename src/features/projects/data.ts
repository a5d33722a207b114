import { z } from 'zod';
import { api } from '../../api/client.ts';
import { useServerData } from '../../api/use-server-data.ts';
import { projectSchema, type Project, type ProjectInput, type ProjectUpdate } from '../../domain/users.ts';

export { httpStatusOf } from '../../lib/api-errors.ts';

const projectListSchema = z.array(projectSchema);

/** GET api/projeto. A reload keeps the current rows on screen until the answer arrives. */
export function useProjectList(errorMessage: string) {
  return useServerData('projeto', projectListSchema, errorMessage);
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
