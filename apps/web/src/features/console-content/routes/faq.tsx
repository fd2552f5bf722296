import { isBlankHtml } from '@club/shared/html/sanitize';
import type { TAdminFaqCategory, TAdminFaqQuestion } from '@club/shared/contract/admin-content';
import { ZAdminFaqCategoryInput, ZAdminFaqQuestionInput } from '@club/shared/schemas/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RichTextField } from '../../../components/admin/rich-text-editor/lazy';
import { LoadStatus } from '../../../components/console/load-status';
import { NameFields } from '../../../components/console/name-fields';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { Button, SelectField, TextField, useFieldErrorText, usePopup } from '../../../components/ui';
import { SafeHtml } from '../../../components/ui/safe-html';
import { type FaqData, faqCalls, type QuestionValues, useFaq, useFaqChange } from '../api/content';
import { ContentForm } from '../components/content-form';
import { ContentTabs } from '../components/content-tabs';
import styles from '../components/content.module.css';
import { isStale, MoveButtons, moved, StaleNotice, useSaveFailure } from '../components/saving';

/** /panel/admin/content: the FAQ's categories and their questions, in the order members see them. */
export default function FaqPage() {
  const { t } = useTranslation('console-content');
  const faq = useFaq();
  const popup = usePopup();
  const [adding, setAdding] = useState(false);
  const orderCategories = useFaqChange(faqCalls.orderCategories);

  const categories = faq.data ?? [];
  const moveCategory = (from: number, to: number) =>
    orderCategories.mutate(
      moved(
        categories.map((c) => c.id),
        from,
        to,
      ),
      { onError: (error) => !isStale(error) && void popup.warning(error) },
    );

  return (
    <>
      <ConsolePageHeader
        title={t('faq.title')}
        lead={t('faq.lead')}
        actions={
          <Button onClick={() => setAdding(true)} disabled={adding}>
            {t('faq.addCategory')}
          </Button>
        }
      />
      <ContentTabs />
      <StaleNotice
        error={orderCategories.error}
        onReload={async () => {
          // The notice stays until the current order is on screen: a move made before would be stale again.
          await faq.refetch();
          orderCategories.reset();
        }}
      />
      <LoadStatus query={faq} />
      {adding && <CategoryForm onDone={() => setAdding(false)} />}
      {categories.length === 0 && faq.isSuccess && <p className={styles.muted}>{t('faq.empty')}</p>}
      {categories.map((category, index) => (
        <CategoryPanel
          key={category.id}
          category={category}
          categories={categories}
          index={index}
          onMove={moveCategory}
          moving={orderCategories.isPending}
        />
      ))}
    </>
  );
}

function CategoryPanel({
  category,
  categories,
  index,
  onMove,
  moving,
}: {
  category: TAdminFaqCategory;
  categories: TAdminFaqCategory[];
  index: number;
  onMove: (from: number, to: number) => void;
  moving: boolean;
}) {
  const { t, i18n } = useTranslation('console-content');
  const popup = usePopup();
  const faq = useFaq();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editingQuestion, setEditingQuestion] = useState<number | null>(null);
  const remove = useFaqChange(faqCalls.removeCategory);
  const order = useFaqChange(faqCalls.orderQuestions);
  const name = i18n.language === 'en' ? category.name_en : category.name_pl;
  const headingId = `faq-category-${category.id}`;

  const onRemove = async () => {
    const ok = await popup.confirm({
      title: t('faq.removeCategoryTitle'),
      body: t('faq.removeCategoryBody', { name, count: category.questions.length }),
      confirmLabel: t('remove'),
    });
    if (ok) remove.mutate(category.id, { onError: (error) => void popup.warning(error) });
  };
  const moveQuestion = (from: number, to: number) =>
    order.mutate(
      {
        categoryId: category.id,
        ids: moved(
          category.questions.map((q) => q.id),
          from,
          to,
        ),
      },
      { onError: (error) => !isStale(error) && void popup.warning(error) },
    );

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <div>
          <h2 id={headingId} className={styles.panelTitle}>
            {name}
          </h2>
          <p className={styles.muted}>
            {i18n.language === 'en' ? `PL: ${category.name_pl}` : `EN: ${category.name_en}`} ·{' '}
            {t('faq.questionsCount', { count: category.questions.length })}
          </p>
        </div>
        <div className={styles.actions}>
          <MoveButtons
            index={index}
            count={categories.length}
            name={name}
            onMove={onMove}
            disabled={moving}
          />
          <Button
            variant="secondary"
            size="small"
            onClick={() => setEditing(true)}
            aria-label={t('editNamed', { name })}
          >
            {t('edit')}
          </Button>
          <Button variant="danger" size="small" onClick={onRemove} aria-label={t('removeNamed', { name })}>
            {t('remove')}
          </Button>
        </div>
      </div>
      {editing && <CategoryForm category={category} onDone={() => setEditing(false)} />}
      <StaleNotice
        error={order.error}
        onReload={async () => {
          // The notice stays until the current order is on screen: a move made before would be stale again.
          await faq.refetch();
          order.reset();
        }}
      />
      <ol className={styles.list} aria-label={t('faq.questionsOf', { name })}>
        {category.questions.map((question, qIndex) => {
          const text = i18n.language === 'en' ? question.question_en : question.question_pl;
          return (
            <li key={question.id} className={styles.row}>
              {editingQuestion === question.id ? (
                <div className={styles.rowMain}>
                  <QuestionForm
                    categories={categories}
                    categoryId={category.id}
                    question={question}
                    onDone={() => setEditingQuestion(null)}
                  />
                </div>
              ) : (
                <>
                  <div className={styles.rowMain}>
                    <h3 className={styles.rowTitle}>{text}</h3>
                    <SafeHtml
                      className={styles.preview}
                      html={i18n.language === 'en' ? question.answer_en : question.answer_pl}
                    />
                  </div>
                  <div className={styles.actions}>
                    <MoveButtons
                      index={qIndex}
                      count={category.questions.length}
                      name={text}
                      onMove={moveQuestion}
                      disabled={order.isPending}
                    />
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setEditingQuestion(question.id)}
                      aria-label={t('editNamed', { name: text })}
                    >
                      {t('edit')}
                    </Button>
                    <RemoveQuestion question={question} name={text} />
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ol>
      {adding ? (
        <QuestionForm categories={categories} categoryId={category.id} onDone={() => setAdding(false)} />
      ) : (
        <Button
          variant="secondary"
          onClick={() => setAdding(true)}
          aria-label={t('faq.addQuestionTo', { name })}
        >
          {t('faq.addQuestion')}
        </Button>
      )}
    </section>
  );
}

function RemoveQuestion({ question, name }: { question: TAdminFaqQuestion; name: string }) {
  const { t } = useTranslation('console-content');
  const popup = usePopup();
  const remove = useFaqChange(faqCalls.removeQuestion);
  return (
    <Button
      variant="danger"
      size="small"
      aria-label={t('removeNamed', { name })}
      loading={remove.isPending}
      onClick={async () => {
        const ok = await popup.confirm({
          title: t('faq.removeQuestionTitle'),
          body: t('faq.removeQuestionBody', { name }),
          confirmLabel: t('remove'),
        });
        if (ok) remove.mutate(question.id, { onError: (error) => void popup.warning(error) });
      }}
    >
      {t('remove')}
    </Button>
  );
}

function CategoryForm({ category, onDone }: { category?: TAdminFaqCategory; onDone: () => void }) {
  const { t } = useTranslation('console-content');
  const form = useForm({
    resolver: zodResolver(ZAdminFaqCategoryInput),
    defaultValues: { name_pl: category?.name_pl ?? '', name_en: category?.name_en ?? '' },
  });
  const frame = useFaqSave({
    form,
    entry: category,
    prefix: 'category',
    onDone,
    create: faqCalls.createCategory,
    save: (c, values) => faqCalls.saveCategory({ id: c.id, version: c.version, category: values }),
    reread: (data) => {
      const fresh = data.find((c) => c.id === category?.id);
      return fresh && { name_pl: fresh.name_pl, name_en: fresh.name_en };
    },
  });
  return (
    <ContentForm title={category ? t('faq.editCategory') : t('faq.newCategory')} {...frame}>
      <div className={styles.columns}>
        <NameFields form={form} labels={{ pl: t('namePl'), en: t('nameEn') }} />
      </div>
    </ContentForm>
  );
}

/**
 * An FAQ form's saving, as its ContentForm frame takes it: a new entry is created, an existing one
 * saved over the version it was read at; the answer (the whole FAQ) replaces the cached one, a failure
 * goes to the form (useSaveFailure). After a stale save, reload fills the form with what `reread`
 * finds of the entry in the FAQ read again.
 */
function useFaqSave<T extends FieldValues, V, E extends { id: number; version: number }>({
  form,
  entry,
  prefix,
  onDone,
  create,
  save,
  reread,
}: {
  form: UseFormReturn<T, unknown, V>;
  entry: E | undefined;
  prefix: string;
  onDone: () => void;
  create: (values: V) => Promise<FaqData>;
  save: (entry: E, values: V) => Promise<FaqData>;
  reread: (faq: FaqData) => T | undefined;
}) {
  const failed = useSaveFailure();
  const faq = useFaq();
  const mutation = useFaqChange((values: V) => (entry ? save(entry, values) : create(values)));
  return {
    onSubmit: form.handleSubmit((values) =>
      mutation.mutate(values, { onSuccess: onDone, onError: (error) => failed(error, form, prefix) }),
    ),
    staleError: mutation.error,
    onReload: async () => {
      mutation.reset();
      const data = (await faq.refetch()).data;
      const fresh = data && reread(data);
      if (fresh) form.reset(fresh);
    },
    saving: mutation.isPending,
    onCancel: onDone,
  };
}

const requiredHtml = z.string().refine((v) => !isBlankHtml(v), { error: 'validation.required' });
const ZQuestionForm = ZAdminFaqQuestionInput.extend({
  category_id: z.coerce.number({ error: 'validation.wrongValue' }).int().positive(),
  answer_pl: requiredHtml,
  answer_en: requiredHtml,
});

function QuestionForm({
  categories,
  categoryId,
  question,
  onDone,
}: {
  categories: TAdminFaqCategory[];
  categoryId: number;
  question?: TAdminFaqQuestion;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('console-content');
  const errorText = useFieldErrorText();
  const valuesOf = (q?: TAdminFaqQuestion) => ({
    category_id: q?.category_id ?? categoryId,
    question_pl: q?.question_pl ?? '',
    question_en: q?.question_en ?? '',
    answer_pl: q?.answer_pl ?? '',
    answer_en: q?.answer_en ?? '',
  });
  const form = useForm<z.input<typeof ZQuestionForm>, unknown, QuestionValues>({
    resolver: zodResolver(ZQuestionForm),
    defaultValues: valuesOf(question),
  });
  const frame = useFaqSave({
    form,
    entry: question,
    prefix: 'question',
    onDone,
    create: faqCalls.createQuestion,
    save: (q, values) => faqCalls.saveQuestion({ id: q.id, version: q.version, question: values }),
    reread: (data) => {
      const fresh = data.flatMap((c) => c.questions).find((q) => q.id === question?.id);
      return fresh && valuesOf(fresh);
    },
  });
  const { errors } = form.formState;
  return (
    <ContentForm title={question ? t('faq.editQuestion') : t('faq.newQuestion')} {...frame}>
      {question && (
        <SelectField
          label={t('faq.category')}
          error={errorText(errors.category_id)}
          {...form.register('category_id')}
        >
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {i18n.language === 'en' ? c.name_en : c.name_pl}
            </option>
          ))}
        </SelectField>
      )}
      <div className={styles.columns}>
        {(['pl', 'en'] as const).map((lang) => {
          const suffix = lang === 'pl' ? 'Pl' : 'En';
          return (
            <div key={lang}>
              <TextField
                label={t(`faq.question${suffix}`)}
                lang={lang}
                required
                error={errorText(errors[`question_${lang}`])}
                {...form.register(`question_${lang}`)}
              />
              <RichTextField
                control={form.control}
                name={`answer_${lang}`}
                label={t(`faq.answer${suffix}`)}
                contentLang={lang}
                required
                error={errorText(errors[`answer_${lang}`])}
              />
            </div>
          );
        })}
      </div>
    </ContentForm>
  );
}
