// Cloud platforms' special addresses: instance metadata, platform agents, provider DNS and time.
// A callback URL or a resolved address in this table is refused on submission and before every
// delivery attempt (spec 6.3). Most also fall in a range refused anyway (link-local, CGNAT, ULA); the
// table names them all so that none depends on that, and it is the one place to add a provider.

export interface CloudAddress {
  readonly address: string;
  readonly provider: string;
  readonly what: string;
  readonly source: string;
}

export const CLOUD_METADATA_ADDRESSES: readonly CloudAddress[] = [
  {
    address: '168.63.129.16',
    provider: 'Azure',
    what: 'platform endpoint (WireServer, health probes, DNS)',
    source: 'https://learn.microsoft.com/en-us/azure/virtual-network/what-is-ip-address-168-63-129-16',
  },
  {
    address: '169.254.169.254',
    provider: 'Azure, AWS, GCP, Oracle, DigitalOcean, Hetzner, OpenStack',
    what: 'instance metadata service',
    source: 'https://learn.microsoft.com/en-us/azure/virtual-machines/instance-metadata-service',
  },
  {
    address: 'fd00:ec2::254',
    provider: 'AWS',
    what: 'instance metadata service over IPv6',
    source: 'https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instancedata-data-retrieval.html',
  },
  {
    address: '169.254.170.2',
    provider: 'AWS',
    what: 'ECS task metadata and credentials',
    source: 'https://docs.aws.amazon.com/AmazonECS/latest/developerguide/task-iam-roles.html',
  },
  {
    address: 'fd00:ec2::23',
    provider: 'AWS',
    what: 'EKS Pod Identity agent over IPv6',
    source: 'https://docs.aws.amazon.com/eks/latest/userguide/pod-id-how-it-works.html',
  },
  {
    address: '169.254.170.23',
    provider: 'AWS',
    what: 'EKS Pod Identity agent',
    source: 'https://docs.aws.amazon.com/eks/latest/userguide/pod-id-how-it-works.html',
  },
  {
    address: 'fd00:ec2::253',
    provider: 'AWS',
    what: 'Route 53 Resolver (Amazon DNS) over IPv6',
    source: 'https://docs.aws.amazon.com/vpc/latest/userguide/AmazonDNS-concepts.html',
  },
  {
    address: '169.254.169.253',
    provider: 'AWS',
    what: 'Route 53 Resolver (Amazon DNS)',
    source: 'https://docs.aws.amazon.com/vpc/latest/userguide/AmazonDNS-concepts.html',
  },
  {
    address: 'fd00:ec2::123',
    provider: 'AWS',
    what: 'Time Sync Service over IPv6',
    source: 'https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/set-time.html',
  },
  {
    address: '169.254.169.123',
    provider: 'AWS',
    what: 'Time Sync Service',
    source: 'https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/set-time.html',
  },
  {
    address: 'fd20:ce::254',
    provider: 'GCP',
    what: 'metadata server over IPv6 (metadata.google.internal)',
    source: 'https://cloud.google.com/compute/docs/metadata/querying-metadata',
  },
  {
    address: '192.0.0.192',
    provider: 'Oracle Cloud',
    what: 'legacy instance metadata service',
    source: 'https://docs.oracle.com/en-us/iaas/Content/Compute/Tasks/gettingmetadata.htm',
  },
  {
    address: '100.100.100.200',
    provider: 'Alibaba Cloud',
    what: 'instance metadata service',
    source: 'https://www.alibabacloud.com/help/en/ecs/user-guide/view-instance-metadata',
  },
  {
    address: '169.254.0.23',
    provider: 'Tencent Cloud',
    what: 'instance metadata service (metadata.tencentyun.com)',
    source: 'https://www.tencentcloud.com/document/product/213/4934',
  },
];
