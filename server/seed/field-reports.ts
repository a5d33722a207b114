import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, isNull, like, lt } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { formatDate } from '../../src/domain/format.ts';
import { REPORT_STATUS } from '../../src/domain/report-common.ts';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { attachmentColumns } from '../lib/attachments.ts';
import { newPublicCode } from '../lib/report-records.ts';
import type { Storage } from '../lib/storage.ts';
import { BASE_DATE } from './data.ts';
import type { Ensure, Tx } from './ensure.ts';

/** Seeded attachments live under this storage folder; their bytes are derived from the file name. */
export const SEED_FOLDER = 'seed';

/** Reports of the first past meetings of each municipality, in this order of status. */
const MEETING_REPORTS = [
  {
    status: REPORT_STATUS.aprovado,
    descricao:
      '<p>Reunião realizada com o Comitê Gestor para alinhar o plano de trabalho do trimestre.</p><ul><li>Apresentadas as metas de cada eixo.</li><li>Definidos os responsáveis pelas entregas.</li></ul>',
    horas: '2',
    pf: 12,
    pj: 3,
    anexo: true,
  },
  {
    status: REPORT_STATUS.rejeitado,
    descricao: '<p>Oficina de planejamento com os participantes do grupo. Ações priorizadas e cronograma discutido.</p>',
    horas: '3',
    pf: 18,
    pj: 5,
    motivo: 'Anexe a lista de presença assinada e detalhe as ações priorizadas na oficina.',
    anexo: false,
  },
  {
    status: REPORT_STATUS.enviado,
    descricao: '<p>Acompanhamento das entregas do trimestre: <strong>duas ações concluídas</strong> e uma em andamento.</p>',
    horas: '2',
    pf: 9,
    pj: 2,
    anexo: true,
  },
] as const;

/** Legacy rejected statuses (0 and 1) came without a meeting link. */
const LEGACY_REPORTS = [
  {
    status: REPORT_STATUS.rejeitadoLegado1,
    titulo: 'Visita técnica à Sala do Empreendedor (registro anterior)',
    descricao: '<p>Visita técnica para conhecer o atendimento ao MEI e o fluxo de abertura de empresas.</p>',
    motivo: 'Relatório sem encontro vinculado. Informe a data e os participantes da visita.',
  },
  {
    status: REPORT_STATUS.rejeitadoLegado0,
    titulo: 'Reunião com a Associação Comercial (registro anterior)',
    descricao: '<p>Conversa com a diretoria da Associação Comercial sobre compras públicas locais.</p>',
    motivo: 'Descreva os encaminhamentos combinados com a Associação Comercial.',
  },
] as const;

const ADMIN_REPORTS = [
  {
    status: REPORT_STATUS.aprovado,
    titulo: 'Planejamento mensal das visitas',
    horas: 6,
    descricao: '<p>Organização da agenda de visitas do mês e preparação dos materiais das oficinas.</p>',
    anexo: true,
  },
  {
    status: REPORT_STATUS.rejeitado,
    titulo: 'Elaboração do diagnóstico municipal',
    horas: 8,
    descricao: '<p>Levantamento de dados do município para o diagnóstico inicial.</p>',
    motivo: 'Informe as fontes de dados consultadas.',
    anexo: false,
  },
  {
    status: REPORT_STATUS.enviado,
    titulo: 'Consolidação dos indicadores do trimestre',
    horas: 4,
    descricao: '<p>Consolidação dos indicadores de atendimento e das evidências enviadas no trimestre.</p>',
    anexo: false,
  },
] as const;

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');

/**
 * A small valid one-page PDF whose text is the file name: the same name always gives the same
 * bytes, so the seed can record the hash and the bytes can be written again on any machine.
 */
export function seedPdf(nome: string): Buffer {
  const text = ascii(nome).replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 72 760 Td (${text}) Tj 0 -24 Td /F1 10 Tf (Documento de demonstracao - Cidade Empreendedora) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A small valid Excel workbook (one sheet, the file name and a note in two cells), deterministic
 * like seedPdf: fixed entry order and dates, so the bytes and the hash are the same on every run.
 */
export function seedXlsx(nome: string): Buffer {
  const utf8 = (text: string) => strToU8(text);
  const mtime = new Date('2026-01-01T12:00:00Z');
  const files = {
    '[Content_Types].xml': utf8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': utf8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': utf8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Evidencia" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': utf8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': utf8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${xmlText(nome)}</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Planilha de demonstração - Cidade Empreendedora</t></is></c></row></sheetData></worksheet>`,
    ),
  };
  return Buffer.from(zipSync(files, { mtime, level: 6 }));
}

/** The bytes of a seeded file, by the kind its storage key names. */
export function seedFileBytes(nome: string, storageKey: string): Buffer {
  return storageKey.endsWith('.xlsx') ? seedXlsx(nome) : seedPdf(nome);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A claimed 'anexo' upload for a seeded attachment, as the columns of the attachment row that points at it. */
async function ensureSeedAttachment(ensure: Ensure, usuarioId: number, chave: string, nome: string) {
  const bytes = seedPdf(nome);
  const file = await ensure(s.upload, [eq(s.upload.usuarioId, usuarioId), eq(s.upload.chave, chave)], {
    uploadId: `${chave}-${randomBytes(6).toString('hex')}`,
    usuarioId,
    chave,
    nome,
    tamanho: bytes.length,
    sha256: sha256(bytes),
    finalidade: 'anexo',
    tipo: 'pdf',
    recebido: bytes.length,
    concluido: true,
    storageKey: `${SEED_FOLDER}/${chave}.pdf`,
    claimedAt: new Date(`${BASE_DATE}T12:00:00-03:00`),
  });
  return attachmentColumns({ ...file, tipo: 'pdf' });
}

/**
 * Field reports in every status (with guests, tasks and a PDF) for the past meetings of each
 * municipality, and administrative reports. Run after the meetings exist; idempotent like the rest.
 */
export async function seedFieldReports(tx: Tx, tenantId: string, ensure: Ensure): Promise<void> {
  const [admin] = await tx
    .select({ usuarioId: s.usuario.usuarioId })
    .from(s.usuario)
    .where(scoped(s.usuario, tenantId, eq(s.usuario.administradorSistema, true)));
  const [analyst] = await tx
    .select({ usuarioId: s.usuario.usuarioId })
    .from(s.usuario)
    .where(scoped(s.usuario, tenantId, eq(s.usuario.email, 'analista@demo.local')));
  const meetings = await tx
    .select({
      encontroId: s.encontro.encontroId,
      municipioId: s.encontro.municipioId,
      inicio: s.encontro.inicio,
      fim: s.encontro.fim,
      titulo: s.encontro.titulo,
      criadoPorId: s.encontro.criadoPorId,
      grupoNome: s.municipioGrupo.nome,
    })
    .from(s.encontro)
    .innerJoin(s.municipioGrupo, eq(s.municipioGrupo.grupoId, s.encontro.grupoId))
    .where(
      scoped(s.encontro, tenantId, eq(s.encontro.encontroType, 'encontro'), lt(s.encontro.inicio, new Date(`${BASE_DATE}T00:00:00-03:00`))),
    )
    .orderBy(asc(s.encontro.municipioId), asc(s.encontro.inicio));
  const byMunicipality = new Map<number, typeof meetings>();
  for (const m of meetings) byMunicipality.set(m.municipioId, [...(byMunicipality.get(m.municipioId) ?? []), m]);

  for (const [municipioId, list] of byMunicipality) {
    const author = list[0]!.criadoPorId ?? admin!.usuarioId;
    for (const [i, spec] of MEETING_REPORTS.entries()) {
      const meeting = list[i];
      if (!meeting) break;
      const analysed = spec.status !== REPORT_STATUS.enviado;
      const report = await ensure(s.relatorio, [eq(s.relatorio.encontroId, meeting.encontroId)], {
        municipioId,
        encontroId: meeting.encontroId,
        usuarioId: author,
        titulo: `${meeting.grupoNome} - ${formatDate(meeting.inicio)}`,
        descricao: spec.descricao,
        statusRelatorioId: spec.status,
        motivoRejeicao: 'motivo' in spec ? spec.motivo : null,
        observacoes: i === 0 ? 'Próximo encontro marcado para o mês seguinte.' : null,
        pjAtendidas: spec.pj,
        pfAtendidas: spec.pf,
        tipoExecucaoRelatorioId: i === 2 ? 2 : 1,
        horasUtilizadasString: spec.horas,
        inicioString: meeting.inicio.toISOString(),
        fimString: meeting.fim.toISOString(),
        codigoPublico: newPublicCode(),
        analisadoPorId: analysed ? (analyst?.usuarioId ?? admin!.usuarioId) : null,
        analisadoEm: analysed ? new Date(meeting.fim.getTime() + 2 * 86_400_000) : null,
        criadoEm: new Date(meeting.fim.getTime() + 3_600_000),
        atualizadoEm: new Date(meeting.fim.getTime() + 3_600_000),
      });
      const guests = await tx
        .select({ membroId: s.encontroConvidado.membroId })
        .from(s.encontroConvidado)
        .where(scoped(s.encontroConvidado, tenantId, eq(s.encontroConvidado.encontroId, meeting.encontroId)))
        .orderBy(asc(s.encontroConvidado.id));
      for (const [g, guest] of guests.entries()) {
        await ensure(
          s.relatorioConvidado,
          [eq(s.relatorioConvidado.relatorioId, report.relatorioId), eq(s.relatorioConvidado.membroId, guest.membroId)],
          {
            relatorioId: report.relatorioId,
            membroId: guest.membroId,
            presente: g < guests.length - 1 || guests.length === 1,
          },
        );
      }
      const tasks = await tx
        .select({ municipioTarefaId: s.encontroTarefa.municipioTarefaId })
        .from(s.encontroTarefa)
        .where(scoped(s.encontroTarefa, tenantId, eq(s.encontroTarefa.encontroId, meeting.encontroId)))
        .orderBy(asc(s.encontroTarefa.id));
      for (const [k, task] of tasks.entries()) {
        await ensure(
          s.relatorioTarefa,
          [eq(s.relatorioTarefa.relatorioId, report.relatorioId), eq(s.relatorioTarefa.municipioTarefaId, task.municipioTarefaId)],
          {
            relatorioId: report.relatorioId,
            municipioTarefaId: task.municipioTarefaId,
            cumprida: spec.status !== REPORT_STATUS.rejeitado || k < tasks.length - 1,
          },
        );
      }
      if (spec.anexo) {
        const chave = `seed-relatorio-${tenantId}-${municipioId}-${i}`;
        const file = await ensureSeedAttachment(ensure, author, chave, `lista-de-presenca-${meeting.encontroId}.pdf`);
        await ensure(s.relatorioArquivo, [eq(s.relatorioArquivo.arquivoId, file.arquivoId)], { ...file, relatorioId: report.relatorioId });
      }
    }

    const created = new Date(list[0]!.inicio.getTime() - 10 * 86_400_000);
    for (const legacy of LEGACY_REPORTS) {
      await ensure(
        s.relatorio,
        [eq(s.relatorio.municipioId, municipioId), eq(s.relatorio.titulo, legacy.titulo), isNull(s.relatorio.encontroId)],
        {
          municipioId,
          encontroId: null,
          usuarioId: author,
          titulo: legacy.titulo,
          descricao: legacy.descricao,
          statusRelatorioId: legacy.status,
          motivoRejeicao: legacy.motivo,
          tipoExecucaoRelatorioId: 1,
          horasUtilizadasString: '1',
          codigoPublico: newPublicCode(),
          analisadoPorId: analyst?.usuarioId ?? admin!.usuarioId,
          analisadoEm: created,
          criadoEm: created,
          atualizadoEm: created,
        },
      );
    }

    for (const [i, spec] of ADMIN_REPORTS.entries()) {
      const when = new Date(list[0]!.inicio.getTime() + (i + 1) * 7 * 86_400_000);
      const report = await ensure(
        s.relatorioAdministrativo,
        [eq(s.relatorioAdministrativo.municipioId, municipioId), eq(s.relatorioAdministrativo.titulo, spec.titulo)],
        {
          municipioId,
          usuarioId: author,
          titulo: spec.titulo,
          horas: spec.horas,
          descricao: spec.descricao,
          statusRelatorioId: spec.status,
          motivoRejeicao: 'motivo' in spec ? spec.motivo : null,
          codigoPublico: newPublicCode(),
          analisadoPorId: spec.status === REPORT_STATUS.enviado ? null : (analyst?.usuarioId ?? admin!.usuarioId),
          analisadoEm: spec.status === REPORT_STATUS.enviado ? null : new Date(when.getTime() + 86_400_000),
          criadoEm: when,
          atualizadoEm: when,
        },
      );
      if (spec.anexo) {
        const chave = `seed-relatorio-adm-${tenantId}-${municipioId}-${i}`;
        const file = await ensureSeedAttachment(ensure, author, chave, `planejamento-${municipioId}.pdf`);
        await ensure(s.relatorioAdministrativoArquivo, [eq(s.relatorioAdministrativoArquivo.arquivoId, file.arquivoId)], {
          ...file,
          relatorioAdministrativoId: report.relatorioAdministrativoId,
        });
      }
    }
  }
}

/**
 * The seed runs against the database only (it may run before any storage exists, or on another
 * machine than the one serving files), so the seeded attachments' bytes are written through the
 * storage interface when the app starts: each is derived from its file name and checked against
 * the recorded hash. Real uploads are never touched.
 */
export async function restoreSeedFiles(db: Db, storage: Storage): Promise<number> {
  const rows = await db
    .select({ nome: s.upload.nome, tamanho: s.upload.tamanho, sha256: s.upload.sha256, storageKey: s.upload.storageKey })
    .from(s.upload)
    .where(and(like(s.upload.storageKey, `${SEED_FOLDER}/%`), like(s.upload.chave, 'seed-%')));
  let written = 0;
  for (const row of rows) {
    if ((await storage.size(row.storageKey)) === row.tamanho) continue;
    const bytes = seedFileBytes(row.nome, row.storageKey);
    if (sha256(bytes) !== row.sha256) continue;
    // Written aside, then moved into place: instances starting together on one bucket or volume
    // each replace the file whole, instead of one appending to what another just wrote.
    const aside = `${row.storageKey}.${randomUUID()}`;
    await storage.append(aside, Readable.from([bytes]), { maxBytes: bytes.length });
    await storage.move(aside, row.storageKey);
    written++;
  }
  return written;
}
