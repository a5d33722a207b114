import { IDEMPOTENCY_HEADER, sha256Hex, UPLOAD_MESSAGES, uploadStartSchema, type UploadStatus } from '../../domain/uploads.ts';
import { findTempIds } from '../temp-ids.ts';
import type { Transport, TransportRequest, TransportResponse } from '../transport-types.ts';

/**
 * Test-only in-memory API with the behaviour the engine relies on: idempotency keys (first answer
 * replayed, another body under the same key refused), the resumable upload protocol of
 * src/domain/uploads.ts, and records ("items") whose every applied operation is logged so tests
 * can check exactly-once and per-entity order. Faults are consumed one per request.
 */

export type Fault =
  | 'drop-before'
  | 'drop-after'
  | 'timeout-before'
  | 'timeout-after'
  | '500'
  | '503'
  | '429'
  | '408'
  | '401'
  | 'crash-before'
  | 'crash-after'
  | 'corrupt';

export type Applied = { op: string; type: 'create' | 'update' | 'attach'; itemId: number };

/** `linkedTo`: another item this one names (a report naming a guest), which must exist on the server. */
type Item = { id: number; entity: string; text: string; history: string[]; linkedTo: number | null };
type Upload = UploadStatus & { chave: string; bytes: Uint8Array<ArrayBuffer>; used: boolean };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export type TransportHooks = {
  /** The tab (or service worker) making this request dies now. */
  onCrash?: () => void;
  /** Time passes until the engine's request timer fires. */
  onTimeout?: () => void;
};

/** Something a test can wait on: it reports every change, and `until` re-checks a condition then. */
export type Watchable = { watch(listener: () => void): () => void };

/**
 * Resolves once `check` holds, re-checked whenever one of `sources` reports a change: no polling and
 * no wall-clock limit (a condition never met fails by the test's own timeout).
 */
export function until(check: () => boolean, ...sources: Watchable[]): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const stops = sources.map((source) =>
      source.watch(() => {
        if (!check()) return;
        stops.forEach((stop) => stop());
        resolve();
      }),
    );
  });
}

class Listeners {
  private readonly listeners = new Set<() => void>();
  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export class FakeApi implements Watchable {
  private readonly changes = new Listeners();
  readonly items = new Map<number, Item>();
  readonly applied: Applied[] = [];
  readonly violations: string[] = [];
  /** Every request that reached the transport, with the fault it met. */
  readonly requests: { method: string; path: string; key: string | null; fault: Fault | null }[] = [];
  faults: (Fault | null)[] = [];
  /** The ops of every batch request the server handled (replays of a key excluded), in order. */
  readonly batches: string[][] = [];
  offline = false;
  authExpired = false;
  /** A record request without Idempotency-Key is a violation. */
  requireKeys = true;
  private nextItemId = 1;
  private nextAnexoId = 1;
  private nextArquivoId = 1;
  private readonly idempotency = new Map<string, { body: string; answer: Answer }>();
  private readonly uploads = new Map<string, Upload>();
  private readonly uploadsByChave = new Map<string, string>();

  /** Called after every request the transport saw, once it is logged (and applied, when it was). */
  watch(listener: () => void): () => void {
    return this.changes.watch(listener);
  }

  login(): void {
    this.authExpired = false;
  }

  transport(hooks: TransportHooks = {}): Transport {
    const handled = this.handleRequest(hooks);
    return async (request) => {
      try {
        return await handled(request);
      } finally {
        this.changes.notify();
      }
    };
  }

  private handleRequest(hooks: TransportHooks): Transport {
    return async (request) => {
      const fault = this.faults.shift() ?? null;
      if (this.offline) throw new TypeError('Failed to fetch');
      this.requests.push({ method: request.method, path: request.path, key: request.headers[IDEMPOTENCY_HEADER] ?? null, fault });
      if (fault === '401') this.authExpired = true;
      if (this.authExpired) return respond({ status: 401, body: { message: 'Sessão expirada.' } });
      switch (fault) {
        case 'drop-before':
          throw new TypeError('Failed to fetch');
        case 'crash-before':
          hooks.onCrash?.();
          throw new TypeError('Failed to fetch');
        case 'timeout-before':
          return waitForAbort(request, hooks);
        case '500':
        case '503':
          return respond({ status: Number(fault), body: { message: 'Erro interno.' } });
        case '429':
          return respond({ status: 429, body: { message: 'Muitas requisições.' }, headers: { 'retry-after': '1' } });
        case '408':
          return respond({ status: 408, body: null });
        default:
          break;
      }
      const answer = await this.handle(request, fault === 'corrupt');
      if (fault === 'drop-after') throw new TypeError('Failed to fetch');
      if (fault === 'crash-after') {
        hooks.onCrash?.();
        throw new TypeError('Failed to fetch');
      }
      if (fault === 'timeout-after') return waitForAbort(request, hooks);
      return respond(answer);
    };
  }

  /** Operations applied to one item, in the order the server applied them (create first). */
  historyOf(itemId: number): string[] {
    return this.items.get(itemId)?.history ?? [];
  }

  private async handle(request: TransportRequest, corrupt: boolean): Promise<Answer> {
    const key = request.headers[IDEMPOTENCY_HEADER] ?? null;
    const leaked = findTempIds(request.json, request.path);
    if (leaked.length > 0) this.violations.push(`temp id ${leaked.join(',')} sent in ${request.method} ${request.path}`);

    const [path, query] = request.path.split('?');
    const parts = path!.split('/');
    if (parts[0] === 'upload') return this.handleUpload(request, parts, query ?? '', corrupt);
    if (parts[0] !== 'items') return { status: 404, body: { message: 'Rota não encontrada.' } };

    if (key === null && this.requireKeys) this.violations.push(`${request.method} ${request.path} without ${IDEMPOTENCY_HEADER}`);
    const body = JSON.stringify(request.json ?? null);
    const stored = key === null ? undefined : this.idempotency.get(key);
    if (stored) {
      if (stored.body !== body) return { status: 409, body: { message: UPLOAD_MESSAGES.chaveReutilizada } };
      return { ...stored.answer, headers: { ...stored.answer.headers, 'idempotency-replayed': 'true' } };
    }
    const answer = this.handleItems(request, parts);
    if (key !== null && answer.status < 500 && answer.status !== 429 && answer.status !== 401) this.idempotency.set(key, { body, answer });
    return answer;
  }

  private handleItems(request: TransportRequest, parts: string[]): Answer {
    const json = (request.json ?? {}) as {
      op?: string;
      entity?: string;
      text?: string;
      invalid?: boolean;
      arquivos?: string[];
      linkedItemId?: number;
      ops?: { op: string; text: string; invalid: boolean }[];
    };
    if (request.method === 'POST' && parts.length === 1) {
      if (json.invalid) return { status: 422, body: { message: 'Texto inválido (teste).' } };
      const linkedTo = json.linkedItemId ?? null;
      if (linkedTo !== null && !this.items.has(linkedTo)) return { status: 422, body: { message: 'Item ligado não encontrado (teste).' } };
      const item: Item = { id: this.nextItemId++, entity: json.entity ?? '', text: json.text ?? '', history: [json.op!], linkedTo };
      this.items.set(item.id, item);
      this.applied.push({ op: json.op!, type: 'create', itemId: item.id });
      return { status: 201, body: { id: item.id, text: item.text } };
    }
    const item = this.items.get(Number(parts[1]));
    if (!item) return { status: 404, body: { message: 'Item não encontrado.' } };
    if (request.method === 'PUT' && parts.length === 2) {
      if (json.invalid) return { status: 409, body: { message: 'Conflito (teste).' } };
      item.text = json.text ?? '';
      item.history.push(json.op!);
      this.applied.push({ op: json.op!, type: 'update', itemId: item.id });
      return { status: 200, body: { id: item.id, text: item.text } };
    }
    // A batch of updates, all or nothing (as the follow-up answers endpoint): one invalid refuses them all.
    if (request.method === 'PUT' && parts[2] === 'lote') {
      const ops = json.ops ?? [];
      this.batches.push(ops.map((o) => o.op));
      if (ops.some((o) => o.invalid)) return { status: 409, body: { message: 'Conflito (teste).' } };
      for (const o of ops) {
        item.text = o.text;
        item.history.push(o.op);
        this.applied.push({ op: o.op, type: 'update', itemId: item.id });
      }
      return { status: 200, body: { id: item.id, text: item.text } };
    }
    if (request.method === 'POST' && parts[2] === 'anexos') {
      if (json.invalid) return { status: 422, body: { message: 'Anexo inválido (teste).' } };
      const uploads = (json.arquivos ?? []).map((id) => this.uploads.get(id));
      if (uploads.some((u) => !u || !u.concluido)) return { status: 400, body: { message: UPLOAD_MESSAGES.uploadIncompleto } };
      if (uploads.some((u) => u!.used)) return { status: 409, body: { message: UPLOAD_MESSAGES.uploadJaUsado } };
      const arquivos = uploads.map((u) => {
        u!.used = true;
        return { arquivoId: this.nextArquivoId++, uploadId: u!.uploadId, nome: u!.nome, tamanho: u!.tamanho, sha256: u!.sha256 };
      });
      item.history.push(json.op!);
      this.applied.push({ op: json.op!, type: 'attach', itemId: item.id });
      return { status: 201, body: { anexoId: this.nextAnexoId++, arquivos } };
    }
    return { status: 404, body: { message: 'Rota não encontrada.' } };
  }

  private status(upload: Upload): UploadStatus {
    const { uploadId, nome, tamanho, sha256, finalidade, recebido, concluido, tipo, chunkBytes } = upload;
    return { uploadId, nome, tamanho, sha256, finalidade, recebido, concluido, tipo, chunkBytes };
  }

  private async handleUpload(request: TransportRequest, parts: string[], query: string, corrupt: boolean): Promise<Answer> {
    if (request.method === 'POST' && parts.length === 1) {
      const parsed = uploadStartSchema.safeParse(request.json);
      if (!parsed.success) return { status: 400, body: { message: parsed.error.issues[0]!.message } };
      const start = parsed.data;
      const existingId = this.uploadsByChave.get(start.chave);
      if (existingId) {
        const existing = this.uploads.get(existingId)!;
        if (existing.tamanho !== start.tamanho || existing.sha256 !== start.sha256) {
          return { status: 409, body: { message: UPLOAD_MESSAGES.chaveReutilizada } };
        }
        return { status: 200, body: this.status(existing) };
      }
      const upload: Upload = {
        uploadId: `up-${this.uploads.size + 1}`,
        chave: start.chave,
        nome: start.nome,
        tamanho: start.tamanho,
        sha256: start.sha256,
        finalidade: start.finalidade,
        recebido: 0,
        concluido: false,
        tipo: null,
        chunkBytes: 4,
        bytes: new Uint8Array(start.tamanho),
        used: false,
      };
      this.uploads.set(upload.uploadId, upload);
      this.uploadsByChave.set(start.chave, upload.uploadId);
      return { status: 201, body: this.status(upload) };
    }
    const upload = this.uploads.get(parts[1] ?? '');
    if (!upload) return { status: 404, body: { message: UPLOAD_MESSAGES.uploadNaoEncontrado } };
    if (request.method === 'PUT' && parts.length === 2) {
      const offset = Number(new URLSearchParams(query).get('offset'));
      if (upload.concluido || offset !== upload.recebido) {
        return { status: 409, body: { message: UPLOAD_MESSAGES.deslocamentoInvalido, recebido: upload.recebido } };
      }
      const raw = request.body instanceof Blob ? await request.body.arrayBuffer() : request.body!;
      const chunk = new Uint8Array(raw.slice(0));
      if (offset + chunk.length > upload.tamanho) return { status: 400, body: { message: UPLOAD_MESSAGES.tamanhoExcedido } };
      if (corrupt && chunk.length > 0) chunk[0] = chunk[0]! ^ 0xff;
      upload.bytes.set(chunk, offset);
      upload.recebido += chunk.length;
      return { status: 200, body: this.status(upload) };
    }
    if (request.method === 'POST' && parts[2] === 'concluir') {
      if (upload.concluido) return { status: 200, body: this.status(upload) };
      if (upload.recebido !== upload.tamanho) return { status: 400, body: { message: UPLOAD_MESSAGES.uploadIncompleto } };
      if ((await sha256Hex(new Blob([upload.bytes]))) !== upload.sha256) {
        upload.recebido = 0;
        return { status: 400, body: { message: UPLOAD_MESSAGES.hashDiferente } };
      }
      upload.concluido = true;
      return { status: 200, body: this.status(upload) };
    }
    return { status: 404, body: { message: 'Rota não encontrada.' } };
  }
}

function respond(answer: Answer): TransportResponse {
  const headers = new Map(Object.entries(answer.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return { status: answer.status, headers: { get: (name) => headers.get(name.toLowerCase()) ?? null }, body: answer.body };
}

function waitForAbort(request: TransportRequest, hooks: TransportHooks): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new DOMException('A operação foi abortada.', 'AbortError'));
    if (request.signal.aborted) return fail();
    request.signal.addEventListener('abort', fail, { once: true });
    hooks.onTimeout?.();
  });
}

/** Engine timers that only fire when told: a timeout happens exactly when the test says so. */
export function manualTimers() {
  const pending = new Map<number, () => void>();
  const changes = new Listeners();
  let next = 1;
  return {
    setTimeout(callback: () => void): unknown {
      const handle = next++;
      pending.set(handle, callback);
      changes.notify();
      return handle;
    },
    clearTimeout(handle: unknown): void {
      pending.delete(handle as number);
    },
    watch: (listener: () => void) => changes.watch(listener),
    fireAll(): void {
      const callbacks = [...pending.values()];
      pending.clear();
      callbacks.forEach((cb) => cb());
    },
    get size(): number {
      return pending.size;
    },
  };
}
