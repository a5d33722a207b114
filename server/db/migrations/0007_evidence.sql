CREATE TABLE "evidencia_historico" (
	"historico_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"pergunta_municipio_id" integer NOT NULL,
	"pergunta_evidencia_id" integer,
	"nome_arquivo" text,
	"acao" text NOT NULL,
	"analisada" boolean DEFAULT false NOT NULL,
	"aprovada" boolean DEFAULT false NOT NULL,
	"rejeitada" boolean DEFAULT false NOT NULL,
	"justificativa" text,
	"avaliado_por_id" integer,
	"evidenciado_por_id" integer,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pergunta_evidencia" (
	"pergunta_evidencia_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"pergunta_municipio_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL,
	"upload_id" text NOT NULL,
	"nome_arquivo" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"tipo" text NOT NULL,
	"storage_key" text NOT NULL,
	"aprovada" boolean DEFAULT false NOT NULL,
	"rejeitada" boolean DEFAULT false NOT NULL,
	"enviada" boolean DEFAULT false NOT NULL,
	"justificativa" text,
	"usuario_id" integer NOT NULL,
	"eixo_id" integer NOT NULL,
	"prazo_reenvio" date,
	"dados_complementares" boolean DEFAULT false NOT NULL,
	"token_publico" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pergunta_evidencia_arquivoId_unique" UNIQUE("arquivo_id"),
	CONSTRAINT "pergunta_evidencia_tokenPublico_unique" UNIQUE("token_publico")
);
--> statement-breakpoint
CREATE TABLE "pergunta_faixa_resposta" (
	"pergunta_faixa_resposta_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"pergunta_id" integer NOT NULL,
	"faixa_nome" text NOT NULL,
	"faixa_pontos" numeric(10, 2) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pergunta_municipio" ADD COLUMN "aprovada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pergunta_municipio" ADD COLUMN "atendentes_cadastrados" integer;--> statement-breakpoint
ALTER TABLE "evidencia_historico" ADD CONSTRAINT "evidencia_historico_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidencia_historico" ADD CONSTRAINT "evidencia_historico_pergunta_municipio_id_pergunta_municipio_pergunta_municipio_id_fk" FOREIGN KEY ("pergunta_municipio_id") REFERENCES "public"."pergunta_municipio"("pergunta_municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidencia_historico" ADD CONSTRAINT "evidencia_historico_avaliado_por_id_usuario_usuario_id_fk" FOREIGN KEY ("avaliado_por_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidencia_historico" ADD CONSTRAINT "evidencia_historico_evidenciado_por_id_usuario_usuario_id_fk" FOREIGN KEY ("evidenciado_por_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta_evidencia" ADD CONSTRAINT "pergunta_evidencia_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta_evidencia" ADD CONSTRAINT "pergunta_evidencia_pergunta_municipio_id_pergunta_municipio_pergunta_municipio_id_fk" FOREIGN KEY ("pergunta_municipio_id") REFERENCES "public"."pergunta_municipio"("pergunta_municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta_evidencia" ADD CONSTRAINT "pergunta_evidencia_arquivo_id_upload_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."upload"("arquivo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta_evidencia" ADD CONSTRAINT "pergunta_evidencia_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta_faixa_resposta" ADD CONSTRAINT "pergunta_faixa_resposta_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidencia_historico_tenant_id_pergunta_municipio_id_em_index" ON "evidencia_historico" USING btree ("tenant_id","pergunta_municipio_id","em");--> statement-breakpoint
CREATE INDEX "pergunta_evidencia_tenant_id_pergunta_municipio_id_index" ON "pergunta_evidencia" USING btree ("tenant_id","pergunta_municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pergunta_faixa_resposta_tenant_id_pergunta_id_faixa_nome_index" ON "pergunta_faixa_resposta" USING btree ("tenant_id","pergunta_id","faixa_nome");