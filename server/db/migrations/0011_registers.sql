CREATE TABLE "ator" (
	"ator_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"nome" text NOT NULL,
	"segmento" text DEFAULT '' NOT NULL,
	"contato" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cargo_funcao" (
	"cargo_funcao_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contrato" (
	"contrato_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"num_contrato" text NOT NULL,
	"qtd_entregas_previstas" integer DEFAULT 0 NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eixos_grupo" (
	"eixos_grupo_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eixos_grupo_eixo" (
	"tenant_id" text NOT NULL,
	"eixos_grupo_id" integer NOT NULL,
	"eixo_id" integer NOT NULL,
	CONSTRAINT "eixos_grupo_eixo_eixos_grupo_id_eixo_id_pk" PRIMARY KEY("eixos_grupo_id","eixo_id")
);
--> statement-breakpoint
CREATE TABLE "faixa_valor" (
	"faixa_valor_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"valor_minimo" numeric(14, 2) NOT NULL,
	"valor_maximo" numeric(14, 2) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gov_categoria" (
	"categoria_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instituicao" (
	"instituicao_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"sigla" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instituicao_municipio" (
	"tenant_id" text NOT NULL,
	"instituicao_id" integer NOT NULL,
	"municipio_id" integer NOT NULL,
	CONSTRAINT "instituicao_municipio_instituicao_id_municipio_id_pk" PRIMARY KEY("instituicao_id","municipio_id")
);
--> statement-breakpoint
CREATE TABLE "medalha" (
	"medalha_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"nivel" text NOT NULL,
	"pontuacao_minima" integer DEFAULT 0 NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio_eixo" (
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"eixo_id" integer NOT NULL,
	CONSTRAINT "municipio_eixo_municipio_id_eixo_id_pk" PRIMARY KEY("municipio_id","eixo_id")
);
--> statement-breakpoint
CREATE TABLE "municipio_escola" (
	"municipio_escola_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"nome" text NOT NULL,
	"codigo_inep" text DEFAULT '' NOT NULL,
	"quantidade_alunos" integer DEFAULT 0 NOT NULL,
	"quantidade_professores" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio_tema_habilitado" (
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"tema_id" integer NOT NULL,
	CONSTRAINT "municipio_tema_habilitado_municipio_id_tema_id_pk" PRIMARY KEY("municipio_id","tema_id")
);
--> statement-breakpoint
CREATE TABLE "pacote" (
	"pacote_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidade_regional" (
	"unidade_regional_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"uf" text NOT NULL,
	"nome_regiao" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidade_regional_municipio" (
	"tenant_id" text NOT NULL,
	"municipio_id" integer PRIMARY KEY NOT NULL,
	"unidade_regional_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pergunta" ADD COLUMN "pacote_id" integer;--> statement-breakpoint
ALTER TABLE "ator" ADD CONSTRAINT "ator_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ator" ADD CONSTRAINT "ator_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_funcao" ADD CONSTRAINT "cargo_funcao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato" ADD CONSTRAINT "contrato_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato" ADD CONSTRAINT "contrato_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eixos_grupo" ADD CONSTRAINT "eixos_grupo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eixos_grupo_eixo" ADD CONSTRAINT "eixos_grupo_eixo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eixos_grupo_eixo" ADD CONSTRAINT "eixos_grupo_eixo_eixos_grupo_id_eixos_grupo_eixos_grupo_id_fk" FOREIGN KEY ("eixos_grupo_id") REFERENCES "public"."eixos_grupo"("eixos_grupo_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eixos_grupo_eixo" ADD CONSTRAINT "eixos_grupo_eixo_eixo_id_eixo_eixo_id_fk" FOREIGN KEY ("eixo_id") REFERENCES "public"."eixo"("eixo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faixa_valor" ADD CONSTRAINT "faixa_valor_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gov_categoria" ADD CONSTRAINT "gov_categoria_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instituicao" ADD CONSTRAINT "instituicao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instituicao_municipio" ADD CONSTRAINT "instituicao_municipio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instituicao_municipio" ADD CONSTRAINT "instituicao_municipio_instituicao_id_instituicao_instituicao_id_fk" FOREIGN KEY ("instituicao_id") REFERENCES "public"."instituicao"("instituicao_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instituicao_municipio" ADD CONSTRAINT "instituicao_municipio_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medalha" ADD CONSTRAINT "medalha_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_eixo" ADD CONSTRAINT "municipio_eixo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_eixo" ADD CONSTRAINT "municipio_eixo_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_eixo" ADD CONSTRAINT "municipio_eixo_eixo_id_eixo_eixo_id_fk" FOREIGN KEY ("eixo_id") REFERENCES "public"."eixo"("eixo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_escola" ADD CONSTRAINT "municipio_escola_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_escola" ADD CONSTRAINT "municipio_escola_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_tema_habilitado" ADD CONSTRAINT "municipio_tema_habilitado_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_tema_habilitado" ADD CONSTRAINT "municipio_tema_habilitado_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_tema_habilitado" ADD CONSTRAINT "municipio_tema_habilitado_tema_id_tema_tema_id_fk" FOREIGN KEY ("tema_id") REFERENCES "public"."tema"("tema_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacote" ADD CONSTRAINT "pacote_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidade_regional" ADD CONSTRAINT "unidade_regional_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidade_regional_municipio" ADD CONSTRAINT "unidade_regional_municipio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidade_regional_municipio" ADD CONSTRAINT "unidade_regional_municipio_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidade_regional_municipio" ADD CONSTRAINT "unidade_regional_municipio_unidade_regional_id_unidade_regional_unidade_regional_id_fk" FOREIGN KEY ("unidade_regional_id") REFERENCES "public"."unidade_regional"("unidade_regional_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ator_municipio_id_index" ON "ator" USING btree ("municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cargo_funcao_tenant_id_nome_index" ON "cargo_funcao" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "contrato_tenant_id_num_contrato_index" ON "contrato" USING btree ("tenant_id","num_contrato");--> statement-breakpoint
CREATE INDEX "contrato_usuario_id_index" ON "contrato" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eixos_grupo_tenant_id_nome_index" ON "eixos_grupo" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "faixa_valor_tenant_id_tipo_nome_index" ON "faixa_valor" USING btree ("tenant_id","tipo","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "gov_categoria_tenant_id_nome_index" ON "gov_categoria" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "instituicao_tenant_id_nome_index" ON "instituicao" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE INDEX "instituicao_municipio_municipio_id_index" ON "instituicao_municipio" USING btree ("municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "medalha_tenant_id_nome_index" ON "medalha" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "municipio_escola_municipio_id_nome_index" ON "municipio_escola" USING btree ("municipio_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "pacote_tenant_id_nome_index" ON "pacote" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "unidade_regional_tenant_id_uf_nome_regiao_index" ON "unidade_regional" USING btree ("tenant_id","uf","nome_regiao");--> statement-breakpoint
CREATE INDEX "unidade_regional_municipio_unidade_regional_id_index" ON "unidade_regional_municipio" USING btree ("unidade_regional_id");--> statement-breakpoint
ALTER TABLE "pergunta" ADD CONSTRAINT "pergunta_pacote_id_pacote_pacote_id_fk" FOREIGN KEY ("pacote_id") REFERENCES "public"."pacote"("pacote_id") ON DELETE no action ON UPDATE no action;