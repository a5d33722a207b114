CREATE TABLE "processo_pagamento" (
	"processo_pagamento_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"contrato_id" integer NOT NULL,
	"numero" text NOT NULL,
	"codigo_contratacao" text NOT NULL,
	"periodo_inicio" date NOT NULL,
	"periodo_fim" date NOT NULL,
	"horas" numeric DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"status" text DEFAULT 'aberto' NOT NULL,
	"motivo_rejeicao" text,
	"analisado_por_id" integer,
	"analisado_em" timestamp with time zone,
	"enviado_sgf_em" timestamp with time zone,
	"assinatura_solicitada_em" timestamp with time zone,
	"assinatura_codigo_hash" text,
	"assinado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processo_pagamento_arquivo" (
	"arquivo_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"upload_id" text NOT NULL,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"tipo" text NOT NULL,
	"storage_key" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"processo_pagamento_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processo_pagamento_relatorio" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"processo_pagamento_id" integer NOT NULL,
	"relatorio_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processo_pagamento_relatorio_administrativo" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"processo_pagamento_id" integer NOT NULL,
	"relatorio_administrativo_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "processo_pagamento" ADD CONSTRAINT "processo_pagamento_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento" ADD CONSTRAINT "processo_pagamento_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento" ADD CONSTRAINT "processo_pagamento_contrato_id_contrato_contrato_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contrato"("contrato_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento" ADD CONSTRAINT "processo_pagamento_analisado_por_id_usuario_usuario_id_fk" FOREIGN KEY ("analisado_por_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento_arquivo" ADD CONSTRAINT "processo_pagamento_arquivo_arquivo_id_upload_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."upload"("arquivo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento_arquivo" ADD CONSTRAINT "processo_pagamento_arquivo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento_arquivo" ADD CONSTRAINT "processo_pagamento_arquivo_processo_pagamento_id_processo_pagamento_processo_pagamento_id_fk" FOREIGN KEY ("processo_pagamento_id") REFERENCES "public"."processo_pagamento"("processo_pagamento_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento_relatorio" ADD CONSTRAINT "processo_pagamento_relatorio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento_relatorio" ADD CONSTRAINT "processo_pagamento_relatorio_processo_pagamento_id_processo_pagamento_processo_pagamento_id_fk" FOREIGN KEY ("processo_pagamento_id") REFERENCES "public"."processo_pagamento"("processo_pagamento_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento_relatorio" ADD CONSTRAINT "processo_pagamento_relatorio_relatorio_id_relatorio_relatorio_id_fk" FOREIGN KEY ("relatorio_id") REFERENCES "public"."relatorio"("relatorio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento_relatorio_administrativo" ADD CONSTRAINT "processo_pagamento_relatorio_administrativo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento_relatorio_administrativo" ADD CONSTRAINT "processo_pagamento_relatorio_administrativo_processo_pagamento_id_processo_pagamento_processo_pagamento_id_fk" FOREIGN KEY ("processo_pagamento_id") REFERENCES "public"."processo_pagamento"("processo_pagamento_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processo_pagamento_relatorio_administrativo" ADD CONSTRAINT "processo_pagamento_relatorio_administrativo_relatorio_administrativo_id_relatorio_administrativo_relatorio_administrativo_id_fk" FOREIGN KEY ("relatorio_administrativo_id") REFERENCES "public"."relatorio_administrativo"("relatorio_administrativo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processo_pagamento_tenant_id_usuario_id_contrato_id_index" ON "processo_pagamento" USING btree ("tenant_id","usuario_id","contrato_id");--> statement-breakpoint
CREATE INDEX "processo_pagamento_tenant_id_criado_em_index" ON "processo_pagamento" USING btree ("tenant_id","criado_em");--> statement-breakpoint
CREATE INDEX "processo_pagamento_arquivo_processo_pagamento_id_index" ON "processo_pagamento_arquivo" USING btree ("processo_pagamento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processo_pagamento_relatorio_relatorio_id_index" ON "processo_pagamento_relatorio" USING btree ("relatorio_id");--> statement-breakpoint
CREATE INDEX "processo_pagamento_relatorio_processo_pagamento_id_index" ON "processo_pagamento_relatorio" USING btree ("processo_pagamento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processo_pagamento_relatorio_administrativo_relatorio_administrativo_id_index" ON "processo_pagamento_relatorio_administrativo" USING btree ("relatorio_administrativo_id");--> statement-breakpoint
CREATE INDEX "processo_pagamento_relatorio_administrativo_processo_pagamento_id_index" ON "processo_pagamento_relatorio_administrativo" USING btree ("processo_pagamento_id");