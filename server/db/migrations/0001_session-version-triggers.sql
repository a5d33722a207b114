-- Any change to what a session is made of bumps the tenant's permission version; API instances
-- compare it on each request and reload a cached session only when it moved.
CREATE OR REPLACE FUNCTION bump_versao_permissoes() RETURNS trigger AS $$
BEGIN
  UPDATE tenant SET versao_permissoes = versao_permissoes + 1
  WHERE id = COALESCE(NEW.tenant_id, OLD.tenant_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER usuario_versao_permissoes AFTER INSERT OR UPDATE OR DELETE ON usuario
  FOR EACH ROW EXECUTE FUNCTION bump_versao_permissoes();
--> statement-breakpoint
CREATE TRIGGER usuario_grupo_versao_permissoes AFTER INSERT OR UPDATE OR DELETE ON usuario_grupo
  FOR EACH ROW EXECUTE FUNCTION bump_versao_permissoes();
--> statement-breakpoint
CREATE TRIGGER usuario_grupo_permissao_versao_permissoes AFTER INSERT OR UPDATE OR DELETE ON usuario_grupo_permissao
  FOR EACH ROW EXECUTE FUNCTION bump_versao_permissoes();
--> statement-breakpoint
CREATE TRIGGER usuario_permissao_versao_permissoes AFTER INSERT OR UPDATE OR DELETE ON usuario_permissao
  FOR EACH ROW EXECUTE FUNCTION bump_versao_permissoes();
--> statement-breakpoint
CREATE TRIGGER usuario_permissao_solucao_versao_permissoes AFTER INSERT OR UPDATE OR DELETE ON usuario_permissao_solucao
  FOR EACH ROW EXECUTE FUNCTION bump_versao_permissoes();
--> statement-breakpoint
CREATE TRIGGER configuracao_versao_permissoes AFTER INSERT OR UPDATE OR DELETE ON configuracao
  FOR EACH ROW EXECUTE FUNCTION bump_versao_permissoes();
