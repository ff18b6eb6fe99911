//! Writing Diameter messages to a pcap file that Wireshark and tshark decode as Diameter with no
//! option: each message is a TCP segment in an IPv4 (or IPv6) packet, on the link type RAW (101),
//! with the listening side on port 3868, the Diameter port (RFC 6733 §2.1), where the dissector
//! applies by default. The TCP headers are synthesized: each connection starts with a three-way
//! handshake and ends with FIN exchanges, the sequence and acknowledgement numbers of each
//! direction count the octets sent, and the IPv4 and TCP checksums are right, so the TCP
//! analysis of tshark finds nothing to flag.
//!
//! ```
//! use rfc_fsm::diameter::codec::{Dwr, Message};
//! use rfc_fsm::diameter::pcap::DiameterPcap;
//! use std::time::Duration;
//!
//! let mut pcap = DiameterPcap::new(Vec::new())?;
//! let flow = pcap.open("192.0.2.1:40000".parse()?, "192.0.2.2:3868".parse()?, Duration::ZERO)?;
//! let dwr = Message::Dwr(Dwr { hop_by_hop: 1, end_to_end: 2, origin_host: "a".into(), origin_realm: "b".into(), origin_state_id: None });
//! pcap.message(flow, true, Duration::from_millis(5), &dwr.encode()?)?;
//! pcap.close(flow, true, Duration::from_millis(9))?;
//! let bytes = pcap.into_inner();
//! assert_eq!(&bytes[..4], &[0xa1, 0xb2, 0xc3, 0xd4]); // the pcap magic number
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use pcap_file::DataLink;
use pcap_file::pcap::{PcapHeader, PcapPacket, PcapWriter};
use std::collections::HashMap;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

/// The TCP port of Diameter (RFC 6733 §2.1), given to the listening side of every flow.
pub const DIAMETER_PORT: u16 = 3868;

/// The most octets of one message put in one TCP segment: longer messages are split, and tshark
/// reassembles them.
const MAX_SEGMENT: usize = 16 * 1024;

/// The snapshot length of the file: every packet is kept whole.
const SNAPLEN: u32 = 262_144;

const FIN: u8 = 0x01;
const SYN: u8 = 0x02;
const PSH: u8 = 0x08;
const ACK: u8 = 0x10;

/// A TCP connection in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlowId(u64);

/// One direction of a flow.
#[derive(Clone, Copy, Debug)]
struct End {
    address: SocketAddr,
    /// The sequence number of the next octet this end sends.
    next_seq: u32,
}

#[derive(Clone, Copy, Debug)]
struct Flow {
    client: End,
    server: End,
    closed: bool,
}

/// A pcap file of Diameter messages over synthesized TCP (see the [module](self) documentation).
pub struct DiameterPcap<W: Write> {
    writer: PcapWriter<W>,
    flows: HashMap<FlowId, Flow>,
    next: u64,
}

impl<W: Write> DiameterPcap<W> {
    /// Starts a pcap file (link type RAW: each packet is an IP packet).
    ///
    /// # Errors
    ///
    /// The file header cannot be written.
    pub fn new(out: W) -> Result<Self, pcap_file::PcapError> {
        let header = PcapHeader { datalink: DataLink::RAW, snaplen: SNAPLEN, ..PcapHeader::default() };
        Ok(DiameterPcap { writer: PcapWriter::with_header(out, header)?, flows: HashMap::new(), next: 1 })
    }

    /// A new TCP connection from `client` to `server`, whose port is written as 3868: the SYN,
    /// SYN-ACK and ACK at `at` (the time since the capture started).
    ///
    /// # Errors
    ///
    /// A packet cannot be written.
    pub fn open(
        &mut self,
        client: SocketAddr,
        server: SocketAddr,
        at: Duration,
    ) -> Result<FlowId, pcap_file::PcapError> {
        let id = FlowId(self.next);
        self.next += 1;
        let server = SocketAddr::new(server.ip(), DIAMETER_PORT);
        // Initial sequence numbers that differ per flow, as real ones do.
        let isn = (self.next as u32).wrapping_mul(0x0100_0193);
        let mut flow = Flow {
            client: End { address: client, next_seq: isn },
            server: End { address: server, next_seq: isn.wrapping_add(0x4000_0000) },
            closed: false,
        };
        self.segment(&flow, true, SYN, at, &[])?;
        flow.client.next_seq = flow.client.next_seq.wrapping_add(1);
        self.segment(&flow, false, SYN | ACK, at, &[])?;
        flow.server.next_seq = flow.server.next_seq.wrapping_add(1);
        self.segment(&flow, true, ACK, at, &[])?;
        self.flows.insert(id, flow);
        Ok(id)
    }

    /// One message sent by the client (`from_client`) or the server, at `at`: one segment, or
    /// several for a message over 16 KiB. Unknown or closed flows are ignored.
    ///
    /// # Errors
    ///
    /// A packet cannot be written.
    pub fn message(
        &mut self,
        flow: FlowId,
        from_client: bool,
        at: Duration,
        message: &[u8],
    ) -> Result<(), pcap_file::PcapError> {
        let Some(mut state) = self.flows.get(&flow).copied().filter(|f| !f.closed) else { return Ok(()) };
        for chunk in message.chunks(MAX_SEGMENT) {
            self.segment(&state, from_client, PSH | ACK, at, chunk)?;
            let end = if from_client { &mut state.client } else { &mut state.server };
            end.next_seq = end.next_seq.wrapping_add(chunk.len() as u32);
        }
        self.flows.insert(flow, state);
        Ok(())
    }

    /// The end of a connection, closed by the client (`by_client`) or the server: FIN-ACK, the
    /// other's FIN-ACK, the last ACK. Unknown or closed flows are ignored.
    ///
    /// # Errors
    ///
    /// A packet cannot be written.
    pub fn close(&mut self, flow: FlowId, by_client: bool, at: Duration) -> Result<(), pcap_file::PcapError> {
        let Some(mut state) = self.flows.get(&flow).copied().filter(|f| !f.closed) else { return Ok(()) };
        for from_client in [by_client, !by_client] {
            self.segment(&state, from_client, FIN | ACK, at, &[])?;
            let end = if from_client { &mut state.client } else { &mut state.server };
            end.next_seq = end.next_seq.wrapping_add(1);
        }
        self.segment(&state, by_client, ACK, at, &[])?;
        state.closed = true;
        self.flows.insert(flow, state);
        Ok(())
    }

    /// The underlying writer.
    pub fn into_inner(self) -> W {
        self.writer.into_writer()
    }

    /// Writes one packet: IP header, TCP header, payload.
    fn segment(
        &mut self,
        flow: &Flow,
        from_client: bool,
        flags: u8,
        at: Duration,
        payload: &[u8],
    ) -> Result<(), pcap_file::PcapError> {
        let (from, to) = if from_client { (flow.client, flow.server) } else { (flow.server, flow.client) };
        let ack = if flags & SYN != 0 && flags & ACK == 0 { 0 } else { to.next_seq };
        let tcp = tcp_segment(from.address.port(), to.address.port(), from.next_seq, ack, flags, payload);
        let packet = ip_packet(from.address.ip(), to.address.ip(), tcp);
        let len = u32::try_from(packet.len()).unwrap_or(u32::MAX);
        self.writer.write_packet(&PcapPacket::new(at, len, &packet))?;
        Ok(())
    }
}

/// A TCP header of 20 octets (no options) and the payload; the checksum is filled in by
/// [`ip_packet`].
fn tcp_segment(source: u16, destination: u16, seq: u32, ack: u32, flags: u8, payload: &[u8]) -> Vec<u8> {
    let mut tcp = Vec::with_capacity(20 + payload.len());
    tcp.extend_from_slice(&source.to_be_bytes());
    tcp.extend_from_slice(&destination.to_be_bytes());
    tcp.extend_from_slice(&seq.to_be_bytes());
    tcp.extend_from_slice(&ack.to_be_bytes());
    tcp.push(5 << 4); // data offset: 5 words
    tcp.push(flags);
    tcp.extend_from_slice(&65_535u16.to_be_bytes()); // window
    tcp.extend_from_slice(&[0, 0, 0, 0]); // checksum, urgent pointer
    tcp.extend_from_slice(payload);
    tcp
}

/// The one's complement sum of 16-bit words (RFC 1071), not yet complemented.
fn sum16(mut sum: u32, bytes: &[u8]) -> u32 {
    let mut chunks = bytes.chunks_exact(2);
    for word in &mut chunks {
        sum += u32::from(u16::from_be_bytes([word[0], word[1]]));
    }
    if let [last] = chunks.remainder() {
        sum += u32::from(*last) << 8;
    }
    sum
}

fn fold(mut sum: u32) -> u16 {
    while sum > 0xffff {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    !(sum as u16)
}

/// An IPv4 packet when both addresses are IPv4, IPv6 otherwise (IPv4 addresses mapped), around
/// a TCP segment whose checksum this fills in.
fn ip_packet(source: IpAddr, destination: IpAddr, mut tcp: Vec<u8>) -> Vec<u8> {
    const TCP: u8 = 6;
    let tcp_len = tcp.len();
    match (source, destination) {
        (IpAddr::V4(s), IpAddr::V4(d)) => {
            let mut pseudo = Vec::with_capacity(12);
            pseudo.extend_from_slice(&s.octets());
            pseudo.extend_from_slice(&d.octets());
            pseudo.extend_from_slice(&[0, TCP]);
            pseudo.extend_from_slice(&(tcp_len as u16).to_be_bytes());
            let checksum = fold(sum16(sum16(0, &pseudo), &tcp));
            tcp[16..18].copy_from_slice(&checksum.to_be_bytes());
            let total = (20 + tcp_len) as u16;
            let mut ip = Vec::with_capacity(20 + tcp_len);
            ip.extend_from_slice(&[0x45, 0]);
            ip.extend_from_slice(&total.to_be_bytes());
            ip.extend_from_slice(&[0, 0, 0x40, 0]); // identification, don't fragment
            ip.extend_from_slice(&[64, TCP, 0, 0]); // TTL, protocol, checksum
            ip.extend_from_slice(&s.octets());
            ip.extend_from_slice(&d.octets());
            let checksum = fold(sum16(0, &ip));
            ip[10..12].copy_from_slice(&checksum.to_be_bytes());
            ip.extend_from_slice(&tcp);
            ip
        }
        _ => {
            let v6 = |a: IpAddr| match a {
                IpAddr::V4(v4) => v4.to_ipv6_mapped(),
                IpAddr::V6(v6) => v6,
            };
            let (s, d): (Ipv6Addr, Ipv6Addr) = (v6(source), v6(destination));
            let mut pseudo = Vec::with_capacity(40);
            pseudo.extend_from_slice(&s.octets());
            pseudo.extend_from_slice(&d.octets());
            pseudo.extend_from_slice(&(tcp_len as u32).to_be_bytes());
            pseudo.extend_from_slice(&[0, 0, 0, TCP]);
            let checksum = fold(sum16(sum16(0, &pseudo), &tcp));
            tcp[16..18].copy_from_slice(&checksum.to_be_bytes());
            let mut ip = Vec::with_capacity(40 + tcp_len);
            ip.extend_from_slice(&[0x60, 0, 0, 0]);
            ip.extend_from_slice(&(tcp_len as u16).to_be_bytes());
            ip.extend_from_slice(&[TCP, 64]);
            ip.extend_from_slice(&s.octets());
            ip.extend_from_slice(&d.octets());
            ip.extend_from_slice(&tcp);
            ip
        }
    }
}

/// An address for flows that have none (in-memory connections): 127.0.0.1, or 127.0.0.2 for the
/// listening side.
#[must_use]
pub fn placeholder(listening: bool, port: u16) -> SocketAddr {
    SocketAddr::new(Ipv4Addr::new(127, 0, 0, if listening { 2 } else { 1 }).into(), port)
}
