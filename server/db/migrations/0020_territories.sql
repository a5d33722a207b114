CREATE TABLE "territorio" (
	"territorio_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"uf" text NOT NULL,
	"unidade_regional_id" integer,
	"descricao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territorio_agente" (
	"tenant_id" text NOT NULL,
	"territorio_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "territorio_agente_territorio_id_usuario_id_pk" PRIMARY KEY("territorio_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "territorio_municipio" (
	"tenant_id" text NOT NULL,
	"territorio_id" integer NOT NULL,
	"municipio_id" integer NOT NULL,
	CONSTRAINT "territorio_municipio_territorio_id_municipio_id_pk" PRIMARY KEY("territorio_id","municipio_id")
);
--> statement-breakpoint
CREATE TABLE "visita" (
	"visita_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"territorio_id" integer,
	"municipio_solucao_id" integer,
	"relatorio_id" integer,
	"status" text DEFAULT 'planejada' NOT NULL,
	"data_prevista" date NOT NULL,
	"data_realizada" date,
	"horas" numeric(6, 2) DEFAULT 0 NOT NULL,
	"observacao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "territorio" ADD CONSTRAINT "territorio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territorio" ADD CONSTRAINT "territorio_unidade_regional_id_unidade_regional_unidade_regional_id_fk" FOREIGN KEY ("unidade_regional_id") REFERENCES "public"."unidade_regional"("unidade_regional_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territorio_agente" ADD CONSTRAINT "territorio_agente_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territorio_agente" ADD CONSTRAINT "territorio_agente_territorio_id_territorio_territorio_id_fk" FOREIGN KEY ("territorio_id") REFERENCES "public"."territorio"("territorio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territorio_agente" ADD CONSTRAINT "territorio_agente_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territorio_municipio" ADD CONSTRAINT "territorio_municipio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territorio_municipio" ADD CONSTRAINT "territorio_municipio_territorio_id_territorio_territorio_id_fk" FOREIGN KEY ("territorio_id") REFERENCES "public"."territorio"("territorio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territorio_municipio" ADD CONSTRAINT "territorio_municipio_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita" ADD CONSTRAINT "visita_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita" ADD CONSTRAINT "visita_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita" ADD CONSTRAINT "visita_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita" ADD CONSTRAINT "visita_territorio_id_territorio_territorio_id_fk" FOREIGN KEY ("territorio_id") REFERENCES "public"."territorio"("territorio_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita" ADD CONSTRAINT "visita_municipio_solucao_id_municipio_solucao_municipio_solucao_id_fk" FOREIGN KEY ("municipio_solucao_id") REFERENCES "public"."municipio_solucao"("municipio_solucao_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita" ADD CONSTRAINT "visita_relatorio_id_relatorio_relatorio_id_fk" FOREIGN KEY ("relatorio_id") REFERENCES "public"."relatorio"("relatorio_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "territorio_tenant_id_nome_index" ON "territorio" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE INDEX "territorio_agente_usuario_id_index" ON "territorio_agente" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "territorio_municipio_municipio_id_index" ON "territorio_municipio" USING btree ("municipio_id");--> statement-breakpoint
CREATE INDEX "visita_tenant_id_municipio_id_data_prevista_index" ON "visita" USING btree ("tenant_id","municipio_id","data_prevista");--> statement-breakpoint
CREATE INDEX "visita_tenant_id_usuario_id_data_prevista_index" ON "visita" USING btree ("tenant_id","usuario_id","data_prevista");--> statement-breakpoint
CREATE INDEX "visita_tenant_id_status_index" ON "visita" USING btree ("tenant_id","status");