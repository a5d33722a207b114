ALTER TABLE "municipio_tarefa" ADD COLUMN "horas_utilizadas" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "municipio_tarefa" ADD COLUMN "cumprida" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "relatorio_tarefa" ADD COLUMN "horas_rateadas" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The progress summary (issue 16): each report line holds its share of the report's hours and each
-- municipality task the total of its lines, so /tarefas/andamento reads no report to add up hours.
-- Triggers keep both in the transaction that changes a report's hours or task lines, whoever writes
-- (the report routes, the seed, a cascade from a deleted report, task or municipality).
-- Recomputes the shares of the given reports' lines, then the totals of the tasks those reports
-- name and of `tarefas` (tasks that just lost a line). Rows already right are not rewritten.
CREATE OR REPLACE FUNCTION andamento_recalcular(relatorios integer[], tarefas integer[]) RETURNS void AS $$
BEGIN
  UPDATE relatorio_tarefa rt SET horas_rateadas = s.horas
    FROM (
      SELECT x.relatorio_id,
             (CASE WHEN r.horas_utilizadas_string ~ '^[0-9]{1,6}$' THEN r.horas_utilizadas_string::numeric ELSE 0 END) / count(*) AS horas
        FROM relatorio_tarefa x
        JOIN relatorio r ON r.relatorio_id = x.relatorio_id
       WHERE x.relatorio_id = ANY (relatorios)
       GROUP BY x.relatorio_id, r.horas_utilizadas_string
    ) s
   WHERE rt.relatorio_id = s.relatorio_id AND rt.horas_rateadas IS DISTINCT FROM s.horas;
  UPDATE municipio_tarefa mt SET horas_utilizadas = u.horas, cumprida = u.cumprida
    FROM (
      SELECT t.id, coalesce(sum(rt.horas_rateadas), 0) AS horas, coalesce(bool_or(rt.cumprida), false) AS cumprida
        FROM (SELECT DISTINCT id FROM unnest(tarefas || ARRAY(
                SELECT y.municipio_tarefa_id FROM relatorio_tarefa y WHERE y.relatorio_id = ANY (relatorios))) AS id) t
        LEFT JOIN relatorio_tarefa rt ON rt.municipio_tarefa_id = t.id
       GROUP BY t.id
    ) u
   WHERE mt.municipio_tarefa_id = u.id AND (mt.horas_utilizadas, mt.cumprida) IS DISTINCT FROM (u.horas, u.cumprida);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Statement-level with transition tables: a report's lines are written in one statement, so a
-- report of 5,000 tasks recomputes once, not once per line.
CREATE OR REPLACE FUNCTION andamento_linhas_inseridas() RETURNS trigger AS $$
BEGIN
  PERFORM andamento_recalcular(ARRAY(SELECT DISTINCT relatorio_id FROM novas), '{}');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION andamento_linhas_removidas() RETURNS trigger AS $$
BEGIN
  PERFORM andamento_recalcular(ARRAY(SELECT DISTINCT relatorio_id FROM antigas), ARRAY(SELECT DISTINCT municipio_tarefa_id FROM antigas));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Row-level, and only for the columns the summary depends on: the recomputation itself updates
-- horas_rateadas, which must not fire it again.
CREATE OR REPLACE FUNCTION andamento_linha_alterada() RETURNS trigger AS $$
BEGIN
  PERFORM andamento_recalcular(ARRAY[OLD.relatorio_id, NEW.relatorio_id], ARRAY[OLD.municipio_tarefa_id]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION andamento_horas_do_relatorio() RETURNS trigger AS $$
BEGIN
  PERFORM andamento_recalcular(ARRAY[NEW.relatorio_id], '{}');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER relatorio_tarefa_andamento_insert AFTER INSERT ON relatorio_tarefa
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION andamento_linhas_inseridas();
--> statement-breakpoint
CREATE TRIGGER relatorio_tarefa_andamento_delete AFTER DELETE ON relatorio_tarefa
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION andamento_linhas_removidas();
--> statement-breakpoint
CREATE TRIGGER relatorio_tarefa_andamento_update AFTER UPDATE OF relatorio_id, municipio_tarefa_id, cumprida ON relatorio_tarefa
  FOR EACH ROW WHEN (OLD.relatorio_id IS DISTINCT FROM NEW.relatorio_id OR OLD.municipio_tarefa_id IS DISTINCT FROM NEW.municipio_tarefa_id OR OLD.cumprida IS DISTINCT FROM NEW.cumprida)
  EXECUTE FUNCTION andamento_linha_alterada();
--> statement-breakpoint
CREATE TRIGGER relatorio_andamento_horas AFTER UPDATE OF horas_utilizadas_string ON relatorio
  FOR EACH ROW WHEN (OLD.horas_utilizadas_string IS DISTINCT FROM NEW.horas_utilizadas_string)
  EXECUTE FUNCTION andamento_horas_do_relatorio();
--> statement-breakpoint
-- Backfill from the formula the progress calls used until now.
SELECT andamento_recalcular(ARRAY(SELECT relatorio_id FROM relatorio), '{}');
