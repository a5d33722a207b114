-- 0000_init.sql was edited after it first landed to add tenant.versao_permissoes (and landed so).
-- IF NOT EXISTS: a database migrated with that 0000 already has the column; one migrated with
-- the first 0000 gets it now.
ALTER TABLE "tenant" ADD COLUMN IF NOT EXISTS "versao_permissoes" bigint DEFAULT 0 NOT NULL;
