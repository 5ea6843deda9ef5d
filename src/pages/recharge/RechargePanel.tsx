/**
 * The personal center's recharge tab (shown in AI pay mode 3): the balance, a top-up through the
 * app's payment gateway (the browser goes to the gateway's pay page and comes back here once paid;
 * the balance is credited by the gateway's signed callback, never by this page), and the user's
 * top-up records and usage list.
 */
import '../../../protocol/messages/late';
import { Alert, App as AntdApp, Button, Card, InputNumber, Space, Statistic, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cost,
  createTopUp,
  fetchTopUps,
  fetchUsage,
  fetchWallet,
  money,
  type Page,
  type TopUpRow,
  type UsageRow,
  type Wallet,
} from './recharge-api';

const PAGE_SIZE = 5;
const PRESETS = [10, 50, 100];

const time = (ms: number | null) => (ms ? new Date(ms).toLocaleString() : '');

function usePaged<T>(load: (page: number) => Promise<Page<T>>, version: number) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<T>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load(page)
      .then((next) => live && setData(next))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [load, page, version]);
  return { page, setPage, data, loading };
}

export function RechargePanel() {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [wallet, setWallet] = useState<Wallet>();
  const [error, setError] = useState<string>();
  const [amount, setAmount] = useState<number | null>(PRESETS[0]!);
  const [paying, setPaying] = useState(false);
  const [version, setVersion] = useState(0);

  const refresh = useCallback(() => {
    setVersion((v) => v + 1);
    fetchWallet()
      .then((next) => {
        setWallet(next);
        setError(undefined);
      })
      .catch((e: Error) => setError(e.message || t('aiPay.loadFailed')));
  }, [t]);
  useEffect(refresh, [refresh]);

  const topUps = usePaged(
    useCallback((page: number) => fetchTopUps(page, PAGE_SIZE), []),
    version,
  );
  const usage = usePaged(
    useCallback((page: number) => fetchUsage(page, PAGE_SIZE), []),
    version,
  );

  const pay = async () => {
    if (!amount) return;
    setPaying(true);
    try {
      const order = await createTopUp(amount);
      // The gateway's page; it sends the browser back to this tab once paid.
      window.location.assign(order.payUrl);
    } catch (e) {
      void message.error((e as Error).message);
      setPaying(false);
    }
  };

  const unit = t('aiPay.unit');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="recharge-panel">
      {error && <Alert type="error" showIcon message={error} />}
      <Card size="small">
        <Space size={48} wrap align="end">
          <div data-testid="recharge-balance">
            <Statistic
              title={t('aiPay.balance')}
              value={wallet ? money(wallet.balance) : '-'}
              suffix={unit}
              valueStyle={{ color: wallet && wallet.balance < 0 ? '#cf1322' : undefined }}
            />
          </div>
          <Space direction="vertical" size={8}>
            <span>{t('aiPay.amount')}</span>
            <Space wrap>
              {PRESETS.map((preset) => (
                <Button
                  key={preset}
                  type={amount === preset ? 'primary' : 'default'}
                  ghost={amount === preset}
                  onClick={() => setAmount(preset)}
                >
                  {preset} {unit}
                </Button>
              ))}
              <InputNumber
                min={0.01}
                max={100000}
                precision={2}
                value={amount}
                onChange={(value) => setAmount(value)}
                aria-label={t('aiPay.amount')}
                data-testid="recharge-amount"
                style={{ width: 140 }}
              />
              <Button
                type="primary"
                loading={paying}
                disabled={!amount || !wallet?.payReady}
                onClick={() => void pay()}
                data-testid="recharge-pay"
              >
                {t('aiPay.topUp')}
              </Button>
              <Button onClick={refresh}>{t('aiPay.refresh')}</Button>
            </Space>
            <span style={{ color: 'rgba(0,0,0,0.45)' }}>
              {wallet && !wallet.payReady ? t('aiPay.gatewayMissing') : t('aiPay.topUpHint')}
            </span>
          </Space>
        </Space>
      </Card>
      <Tabs
        items={[
          {
            key: 'records',
            label: t('aiPay.records'),
            children: (
              <Table<TopUpRow>
                size="small"
                rowKey="orderNo"
                loading={topUps.loading}
                dataSource={topUps.data.list}
                data-testid="recharge-records"
                pagination={{
                  current: topUps.page,
                  pageSize: PAGE_SIZE,
                  total: topUps.data.total,
                  onChange: topUps.setPage,
                }}
                columns={[
                  { title: t('aiPay.orderNo'), dataIndex: 'orderNo' },
                  { title: t('aiPay.amount'), dataIndex: 'amount', render: (v: number) => `${money(v)} ${unit}` },
                  {
                    title: t('aiPay.status'),
                    dataIndex: 'status',
                    render: (v: string) => (
                      <Tag color={v === 'paid' ? 'green' : 'default'}>{t(`aiPay.status.${v}`)}</Tag>
                    ),
                  },
                  { title: t('aiPay.time'), dataIndex: 'createTime', render: (v: number) => time(v) },
                ]}
              />
            ),
          },
          {
            key: 'usage',
            label: t('aiPay.usage'),
            children: (
              <Table<UsageRow>
                size="small"
                rowKey="id"
                loading={usage.loading}
                dataSource={usage.data.list}
                data-testid="recharge-usage"
                pagination={{
                  current: usage.page,
                  pageSize: PAGE_SIZE,
                  total: usage.data.total,
                  onChange: usage.setPage,
                }}
                columns={[
                  { title: t('aiPay.time'), dataIndex: 'createTime', render: (v: number) => time(v) },
                  { title: t('aiPay.feature'), dataIndex: 'feature', render: (v: string) => t(`aiPay.feature.${v}`) },
                  { title: t('aiPay.model'), dataIndex: 'modelLabel' },
                  {
                    title: t('aiPay.tokens'),
                    key: 'tokens',
                    render: (_: unknown, row) => row.promptTokens + row.completionTokens,
                  },
                  {
                    title: t('aiPay.cost'),
                    dataIndex: 'cost',
                    render: (v: number, row) => `${cost(v)}${row.charged ? '' : t('aiPay.free')}`,
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
