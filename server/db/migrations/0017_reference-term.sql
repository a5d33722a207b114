CREATE TABLE "termo_referencia" (
	"termo_referencia_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"arquivo_nome" text,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_por_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termo_referencia_atividade" (
	"atividade_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"fase_id" integer NOT NULL,
	"ordem" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"inicio" date,
	"fim" date,
	"horas" numeric,
	"responsavel" text DEFAULT '' NOT NULL,
	"interrompida" boolean DEFAULT false NOT NULL,
	"motivo_interrupcao" text,
	"interrompida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "termo_referencia_fase" (
	"fase_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"termo_referencia_id" integer NOT NULL,
	"ordem" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"interrompida" boolean DEFAULT false NOT NULL,
	"motivo_interrupcao" text,
	"interrompida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "resumo_municipio" (
	"resumo_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"autor_id" integer NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"atualizado_por_id" integer
);
--> statement-breakpoint
ALTER TABLE "termo_referencia" ADD CONSTRAINT "termo_referencia_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_referencia" ADD CONSTRAINT "termo_referencia_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_referencia" ADD CONSTRAINT "termo_referencia_atualizado_por_id_usuario_usuario_id_fk" FOREIGN KEY ("atualizado_por_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_referencia_atividade" ADD CONSTRAINT "termo_referencia_atividade_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_referencia_atividade" ADD CONSTRAINT "termo_referencia_atividade_fase_id_termo_referencia_fase_fase_id_fk" FOREIGN KEY ("fase_id") REFERENCES "public"."termo_referencia_fase"("fase_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_referencia_fase" ADD CONSTRAINT "termo_referencia_fase_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_referencia_fase" ADD CONSTRAINT "termo_referencia_fase_termo_referencia_id_termo_referencia_termo_referencia_id_fk" FOREIGN KEY ("termo_referencia_id") REFERENCES "public"."termo_referencia"("termo_referencia_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumo_municipio" ADD CONSTRAINT "resumo_municipio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumo_municipio" ADD CONSTRAINT "resumo_municipio_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumo_municipio" ADD CONSTRAINT "resumo_municipio_autor_id_usuario_usuario_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumo_municipio" ADD CONSTRAINT "resumo_municipio_atualizado_por_id_usuario_usuario_id_fk" FOREIGN KEY ("atualizado_por_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "termo_referencia_tenant_id_municipio_id_index" ON "termo_referencia" USING btree ("tenant_id","municipio_id");--> statement-breakpoint
CREATE INDEX "termo_referencia_atividade_fase_id_ordem_index" ON "termo_referencia_atividade" USING btree ("fase_id","ordem");--> statement-breakpoint
CREATE INDEX "termo_referencia_fase_termo_referencia_id_ordem_index" ON "termo_referencia_fase" USING btree ("termo_referencia_id","ordem");--> statement-breakpoint
CREATE INDEX "resumo_municipio_tenant_id_municipio_id_criado_em_index" ON "resumo_municipio" USING btree ("tenant_id","municipio_id","criado_em");