CREATE TABLE "limite_taxa" (
	"chave" text PRIMARY KEY NOT NULL,
	"contagem" integer NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessao" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"dispositivo_hash" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"encerrada_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessao_tenant_id_usuario_id_index" ON "sessao" USING btree ("tenant_id","usuario_id");--> statement-breakpoint
CREATE INDEX "sessao_tenant_id_usuario_id_dispositivo_hash_index" ON "sessao" USING btree ("tenant_id","usuario_id","dispositivo_hash");