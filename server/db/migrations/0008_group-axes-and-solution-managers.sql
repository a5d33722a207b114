CREATE TABLE "grupo_solucao_eixo" (
	"tenant_id" text NOT NULL,
	"grupo_solucao_id" integer NOT NULL,
	"eixo_id" integer NOT NULL,
	CONSTRAINT "grupo_solucao_eixo_grupo_solucao_id_eixo_id_pk" PRIMARY KEY("grupo_solucao_id","eixo_id")
);
--> statement-breakpoint
CREATE TABLE "solucao_usuario" (
	"tenant_id" text NOT NULL,
	"solucao_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "solucao_usuario_solucao_id_usuario_id_pk" PRIMARY KEY("solucao_id","usuario_id")
);
--> statement-breakpoint
ALTER TABLE "grupo_solucao" DROP CONSTRAINT "grupo_solucao_eixo_id_eixo_eixo_id_fk";
--> statement-breakpoint
ALTER TABLE "grupo_solucao_eixo" ADD CONSTRAINT "grupo_solucao_eixo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_solucao_eixo" ADD CONSTRAINT "grupo_solucao_eixo_grupo_solucao_id_grupo_solucao_grupo_solucao_id_fk" FOREIGN KEY ("grupo_solucao_id") REFERENCES "public"."grupo_solucao"("grupo_solucao_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_solucao_eixo" ADD CONSTRAINT "grupo_solucao_eixo_eixo_id_eixo_eixo_id_fk" FOREIGN KEY ("eixo_id") REFERENCES "public"."eixo"("eixo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solucao_usuario" ADD CONSTRAINT "solucao_usuario_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solucao_usuario" ADD CONSTRAINT "solucao_usuario_solucao_id_solucao_solucao_id_fk" FOREIGN KEY ("solucao_id") REFERENCES "public"."solucao"("solucao_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solucao_usuario" ADD CONSTRAINT "solucao_usuario_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grupo_solucao_eixo_eixo_id_index" ON "grupo_solucao_eixo" USING btree ("eixo_id");--> statement-breakpoint
CREATE INDEX "solucao_usuario_usuario_id_index" ON "solucao_usuario" USING btree ("usuario_id");--> statement-breakpoint
-- Each group's one axis moves to the join table before the column goes (spec §5: up to 5 axes).
INSERT INTO "grupo_solucao_eixo" ("tenant_id", "grupo_solucao_id", "eixo_id")
	SELECT "tenant_id", "grupo_solucao_id", "eixo_id" FROM "grupo_solucao" WHERE "eixo_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "grupo_solucao" DROP COLUMN "eixo_id";