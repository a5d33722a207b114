CREATE TABLE "calendario_evento" (
	"evento_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"local" text,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"dia_inteiro" boolean DEFAULT false NOT NULL,
	"criado_por_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encontro_solucao" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"encontro_id" integer NOT NULL,
	"municipio_solucao_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relatorio" (
	"relatorio_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"encontro_id" integer,
	"usuario_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text NOT NULL,
	"status_relatorio_id" integer DEFAULT 2 NOT NULL,
	"motivo_rejeicao" text,
	"complemento" text,
	"observacoes" text,
	"pj_atendidas" integer,
	"pf_atendidas" integer,
	"tipo_execucao_relatorio_id" integer,
	"horas_utilizadas_string" text,
	"inicio_string" text,
	"fim_string" text,
	"codigo_publico" text NOT NULL,
	"analisado_por_id" integer,
	"analisado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relatorio_codigoPublico_unique" UNIQUE("codigo_publico")
);
--> statement-breakpoint
CREATE TABLE "relatorio_administrativo" (
	"relatorio_administrativo_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"horas" integer NOT NULL,
	"descricao" text NOT NULL,
	"status_relatorio_id" integer DEFAULT 2 NOT NULL,
	"motivo_rejeicao" text,
	"codigo_publico" text NOT NULL,
	"analisado_por_id" integer,
	"analisado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relatorio_administrativo_codigoPublico_unique" UNIQUE("codigo_publico")
);
--> statement-breakpoint
CREATE TABLE "relatorio_administrativo_arquivo" (
	"arquivo_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"upload_id" text NOT NULL,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"tipo" text NOT NULL,
	"storage_key" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"relatorio_administrativo_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relatorio_arquivo" (
	"arquivo_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"upload_id" text NOT NULL,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"tipo" text NOT NULL,
	"storage_key" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"relatorio_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relatorio_convidado" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"relatorio_id" integer NOT NULL,
	"membro_id" integer NOT NULL,
	"presente" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relatorio_tarefa" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"relatorio_id" integer NOT NULL,
	"municipio_tarefa_id" integer NOT NULL,
	"cumprida" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendario_evento" ADD CONSTRAINT "calendario_evento_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro_solucao" ADD CONSTRAINT "encontro_solucao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro_solucao" ADD CONSTRAINT "encontro_solucao_encontro_id_encontro_encontro_id_fk" FOREIGN KEY ("encontro_id") REFERENCES "public"."encontro"("encontro_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro_solucao" ADD CONSTRAINT "encontro_solucao_municipio_solucao_id_municipio_solucao_municipio_solucao_id_fk" FOREIGN KEY ("municipio_solucao_id") REFERENCES "public"."municipio_solucao"("municipio_solucao_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio" ADD CONSTRAINT "relatorio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio" ADD CONSTRAINT "relatorio_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio" ADD CONSTRAINT "relatorio_encontro_id_encontro_encontro_id_fk" FOREIGN KEY ("encontro_id") REFERENCES "public"."encontro"("encontro_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio" ADD CONSTRAINT "relatorio_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_administrativo" ADD CONSTRAINT "relatorio_administrativo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_administrativo" ADD CONSTRAINT "relatorio_administrativo_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_administrativo" ADD CONSTRAINT "relatorio_administrativo_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_administrativo_arquivo" ADD CONSTRAINT "relatorio_administrativo_arquivo_arquivo_id_upload_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."upload"("arquivo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_administrativo_arquivo" ADD CONSTRAINT "relatorio_administrativo_arquivo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_administrativo_arquivo" ADD CONSTRAINT "relatorio_administrativo_arquivo_relatorio_administrativo_id_relatorio_administrativo_relatorio_administrativo_id_fk" FOREIGN KEY ("relatorio_administrativo_id") REFERENCES "public"."relatorio_administrativo"("relatorio_administrativo_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_arquivo" ADD CONSTRAINT "relatorio_arquivo_arquivo_id_upload_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."upload"("arquivo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_arquivo" ADD CONSTRAINT "relatorio_arquivo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_arquivo" ADD CONSTRAINT "relatorio_arquivo_relatorio_id_relatorio_relatorio_id_fk" FOREIGN KEY ("relatorio_id") REFERENCES "public"."relatorio"("relatorio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_convidado" ADD CONSTRAINT "relatorio_convidado_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_convidado" ADD CONSTRAINT "relatorio_convidado_relatorio_id_relatorio_relatorio_id_fk" FOREIGN KEY ("relatorio_id") REFERENCES "public"."relatorio"("relatorio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_convidado" ADD CONSTRAINT "relatorio_convidado_membro_id_membro_membro_id_fk" FOREIGN KEY ("membro_id") REFERENCES "public"."membro"("membro_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_tarefa" ADD CONSTRAINT "relatorio_tarefa_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_tarefa" ADD CONSTRAINT "relatorio_tarefa_relatorio_id_relatorio_relatorio_id_fk" FOREIGN KEY ("relatorio_id") REFERENCES "public"."relatorio"("relatorio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatorio_tarefa" ADD CONSTRAINT "relatorio_tarefa_municipio_tarefa_id_municipio_tarefa_municipio_tarefa_id_fk" FOREIGN KEY ("municipio_tarefa_id") REFERENCES "public"."municipio_tarefa"("municipio_tarefa_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendario_evento_tenant_id_inicio_index" ON "calendario_evento" USING btree ("tenant_id","inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "encontro_solucao_encontro_id_municipio_solucao_id_index" ON "encontro_solucao" USING btree ("encontro_id","municipio_solucao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "relatorio_encontro_id_index" ON "relatorio" USING btree ("encontro_id");--> statement-breakpoint
CREATE INDEX "relatorio_tenant_id_municipio_id_criado_em_index" ON "relatorio" USING btree ("tenant_id","municipio_id","criado_em");--> statement-breakpoint
CREATE INDEX "relatorio_tenant_id_usuario_id_criado_em_index" ON "relatorio" USING btree ("tenant_id","usuario_id","criado_em");--> statement-breakpoint
CREATE INDEX "relatorio_administrativo_tenant_id_municipio_id_criado_em_index" ON "relatorio_administrativo" USING btree ("tenant_id","municipio_id","criado_em");--> statement-breakpoint
CREATE INDEX "relatorio_administrativo_tenant_id_usuario_id_criado_em_index" ON "relatorio_administrativo" USING btree ("tenant_id","usuario_id","criado_em");--> statement-breakpoint
CREATE INDEX "relatorio_administrativo_arquivo_relatorio_administrativo_id_index" ON "relatorio_administrativo_arquivo" USING btree ("relatorio_administrativo_id");--> statement-breakpoint
CREATE INDEX "relatorio_arquivo_relatorio_id_index" ON "relatorio_arquivo" USING btree ("relatorio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "relatorio_convidado_relatorio_id_membro_id_index" ON "relatorio_convidado" USING btree ("relatorio_id","membro_id");--> statement-breakpoint
CREATE UNIQUE INDEX "relatorio_tarefa_relatorio_id_municipio_tarefa_id_index" ON "relatorio_tarefa" USING btree ("relatorio_id","municipio_tarefa_id");