-- 0000_init.sql was edited after it landed to add tenant.versao_permissoes; it is restored to its
-- landed content and the column arrives here instead. IF NOT EXISTS: a database migrated with the
-- edited 0000 already has it, a database migrated with the landed 0000 (or a fresh one) gets it now.
ALTER TABLE "tenant" ADD COLUMN IF NOT EXISTS "versao_permissoes" bigint DEFAULT 0 NOT NULL;
