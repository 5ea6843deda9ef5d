/**
 * The parameter panel's form (ai-and-widgets §3, §5, §9): every default and option list of the
 * spec, the fields of the chosen model only (MJ: reference image, ratio, quality, version; SD:
 * count, size, one of the 18 style presets), prompt translation, and the checks before a submit.
 */
import { CloseOutlined, PictureOutlined, ThunderboltOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio, Select, Spin, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestFn } from '../../../protocol/http';
import {
  COUNTS,
  DRAW_DEFAULTS,
  DRAW_LIMITS,
  DRAW_TYPES,
  MJ_STYLES,
  QUALITIES,
  RATES,
  SD_STYLES,
  SIZES,
  type DrawApiKey,
  type DrawForm as DrawFormValues,
  type DrawTaskView,
} from '../../../protocol/ai-image';
import { useFileSources } from '../../../runtime/components/file-preview/file-source';
import styles from './AiImagePage.module.css';

interface Props {
  request: RequestFn;
  warn(text: string): void;
  onCreated(task: DrawTaskView): void;
}

const ok = (code: string | number) => String(code) === '200';
/** The shape of a ratio tile: the longer side 22 px. */
function ratioBox(rate: string) {
  const [w, h] = rate.split(':').map(Number) as [number, number];
  const scale = 22 / Math.max(w, h);
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}

/** The form as the server takes it: only the chosen model's fields. */
export function drawBody(values: DrawFormValues): { key: DrawApiKey; body: Record<string, unknown> } {
  const prompt = (values.prompt ?? '').trim();
  const negative = (values.negative_prompt ?? '').trim();
  const common = { drawType: values.drawType, prompt, ...(negative ? { negative_prompt: negative } : {}) };
  if (values.drawType === 'BAIDU_SD')
    return {
      key: 'baidu_sd_txt2img',
      body: { ...common, n: values.n, size: values.size, style: values.style },
    };
  const baseImg = values.baseImg ?? '';
  return {
    key: baseImg ? 'mj_img2img' : 'mj_txt2img',
    body: {
      ...common,
      ...(baseImg ? { baseImg } : {}),
      n: 1,
      rate: values.rate,
      quality: values.quality,
      mj_style: values.mj_style,
    },
  };
}

function ReferenceImage({
  request,
  value,
  onChange,
  warn,
}: {
  request: RequestFn;
  value?: string;
  onChange?: (url: string | undefined) => void;
  warn(text: string): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const sources = useFileSources(request, value ? [value] : []);
  const upload = async (file: File) => {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!['png', 'jpg', 'jpeg'].includes(ext)) {
      warn(t('aiImg.referenceType'));
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const answer = await request<{ url: string }>({ method: 'POST', url: 'common/uploadImage', body: form });
      if (ok(answer.code)) onChange?.(answer.data.url);
      else warn(answer.message);
    } finally {
      setBusy(false);
    }
  };
  if (value)
    return (
      <div className={styles.reference} data-testid="ai-img-reference">
        {sources[value] ? <img src={sources[value]} alt={t('aiImg.baseImg')} /> : <Spin size="small" />}
        <Button
          size="small"
          shape="circle"
          icon={<CloseOutlined />}
          className={styles.referenceRemove}
          aria-label={t('aiImg.delete')}
          onClick={() => onChange?.(undefined)}
        />
      </div>
    );
  return (
    <Upload.Dragger
      accept=".png,.jpg,.jpeg,image/png,image/jpeg"
      showUploadList={false}
      multiple={false}
      disabled={busy}
      beforeUpload={(file) => {
        void upload(file);
        return false;
      }}
      className={styles.dragger}
    >
      {busy ? <Spin size="small" /> : <PictureOutlined className={styles.draggerIcon} />}
      <div className={styles.draggerText}>{t('aiImg.upload')}</div>
      <div className={styles.hint}>{t('aiImg.baseImgHint')}</div>
    </Upload.Dragger>
  );
}

export function DrawForm({ request, warn, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DrawFormValues>();
  const drawType = Form.useWatch('drawType', form) ?? DRAW_DEFAULTS.drawType;
  const [translating, setTranslating] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const translate = async () => {
    const prompt = String(form.getFieldValue('prompt') ?? '').trim();
    if (!prompt) return warn(t('aiImg.fillPrompt'));
    setTranslating(true);
    try {
      const answer = await request<string>({ method: 'GET', url: 'BaiDu/trans', query: { q: prompt } });
      if (ok(answer.code)) form.setFieldValue('prompt', answer.data);
      else warn(answer.message);
    } finally {
      setTranslating(false);
    }
  };

  const submit = async () => {
    let values: DrawFormValues;
    try {
      values = { ...DRAW_DEFAULTS, ...(await form.validateFields()) };
    } catch {
      return warn(t('aiImg.fillRequired'));
    }
    if (!(values.prompt ?? '').trim() && !(values.drawType === 'MJ' && values.baseImg))
      return warn(t('aiImg.promptOrImage'));
    const { key, body } = drawBody(values);
    setSubmitting(true);
    try {
      const answer = await request<DrawTaskView>({ method: 'POST', url: `module/draw/task/createTask/${key}`, body });
      if (ok(answer.code)) onCreated(answer.data);
      else warn(answer.message);
    } finally {
      setSubmitting(false);
    }
  };

  const mj = drawType === 'MJ';
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={DRAW_DEFAULTS}
      className={styles.form}
      data-testid="ai-img-form"
      onValuesChange={(changed: Partial<DrawFormValues>) => {
        if (changed.drawType === 'MJ') form.setFieldValue('n', 1);
      }}
    >
      <Form.Item name="drawType" label={t('aiImg.drawType')}>
        <Radio.Group optionType="button" buttonStyle="solid" className={styles.fullRadio}>
          {DRAW_TYPES.map((type) => (
            <Radio.Button key={type} value={type}>
              <span data-testid={`ai-img-type-${type}`}>{t(`aiImg.drawType.${type}`)}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label={
          <div className={styles.promptLabel}>
            <span>{t('aiImg.prompt')}</span>
            <Button
              type="link"
              size="small"
              icon={<TranslationOutlined />}
              loading={translating}
              onClick={() => void translate()}
              data-testid="ai-img-translate"
            >
              {t('aiImg.translate')}
            </Button>
          </div>
        }
        name="prompt"
      >
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 8 }}
          maxLength={DRAW_LIMITS.promptMax}
          showCount
          placeholder={t('aiImg.promptPlaceholder')}
          data-testid="ai-img-prompt"
        />
      </Form.Item>
      {mj && (
        <Form.Item name="baseImg" label={t('aiImg.baseImg')}>
          <ReferenceImage request={request} warn={warn} />
        </Form.Item>
      )}
      {mj && (
        <Form.Item name="rate" label={t('aiImg.rate')}>
          <Radio.Group className={styles.rates}>
            {RATES.map((rate) => (
              <Radio.Button key={rate} value={rate} className={styles.rate}>
                <span className={styles.rateBox} style={ratioBox(rate)} />
                <span>{rate}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      )}
      {mj && (
        <Form.Item name="quality" label={t('aiImg.quality')}>
          <Radio.Group optionType="button" className={styles.fullRadio}>
            {QUALITIES.map((quality) => (
              <Radio.Button key={quality.value} value={quality.value}>
                {t(quality.key)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      )}
      {mj && (
        <Form.Item name="mj_style" label={t('aiImg.mjStyle')}>
          <Radio.Group optionType="button" className={styles.fullRadio}>
            {MJ_STYLES.map((style) => (
              <Radio.Button key={style.value} value={style.value}>
                {t(style.key)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      )}
      {!mj && (
        <Form.Item name="style" label={t('aiImg.style')}>
          <Select options={SD_STYLES.map((style) => ({ value: style, label: style }))} data-testid="ai-img-style" />
        </Form.Item>
      )}
      {!mj && (
        <Form.Item name="size" label={t('aiImg.size')}>
          <Select options={SIZES.map((size) => ({ value: size, label: size.replace('x', ' × ') }))} />
        </Form.Item>
      )}
      <Form.Item name="n" label={t('aiImg.n')}>
        <Radio.Group optionType="button" className={styles.fullRadio}>
          {COUNTS.map((count) => (
            <Radio.Button key={count} value={count} disabled={mj && count === 4}>
              {count}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="negative_prompt" label={t('aiImg.negative')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={DRAW_LIMITS.negativeMax}
          placeholder={t('aiImg.negativePlaceholder')}
        />
      </Form.Item>
      <Button
        type="primary"
        size="large"
        block
        icon={<ThunderboltOutlined />}
        loading={submitting}
        onClick={() => void submit()}
        data-testid="ai-img-generate"
      >
        {t('aiImg.generate')}
      </Button>
    </Form>
  );
}
