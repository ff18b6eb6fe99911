#!/usr/bin/env escript
%%! +sbwt none +sbwtdcpu none +sbwtdio none
%% A Diameter node built on Erlang/OTP's `diameter` application, an independent implementation
%% that the interop tests run against our peer. It starts one service (base protocol only:
%% the common application, Auth-Application-Id 0, so CER/CEA succeeds with a peer that supports
%% nothing else) with ONE TCP transport, listening or connecting, and reports what happens as
%% one line per event on stdout. The Rust side drives it through tests/it/support/erlang.rs.
%%
%% The emulator flags on the second line turn off the schedulers' busy waiting: on a busy
%% machine with few cores (the test machine has 2) it made the VM take 10 to 25 s to start
%% instead of 1 to 2.
%%
%% Needs Erlang/OTP with the diameter application (Debian: erlang-base and erlang-diameter,
%% which scripts/install-deps installs). Written against OTP 25 (diameter 2.2.7).
%%
%% Running it by hand:
%%
%%     escript tests/erlang/diameter_node.escript --listen 0 --tw 1000
%%     escript tests/erlang/diameter_node.escript --connect 127.0.0.1:3868 --tw 1000
%%
%% (two terminals: start the listener, then give its port to the connector). Close stdin
%% (Ctrl-D) to stop the service cleanly, which sends DPR to a connected peer; Ctrl-C (escript runs
%% the VM with +B: no break menu), or any signal that kills it, ends it without DPR.
%%
%% Options:
%%
%%   --listen PORT          listen on IP:PORT (IP from --ip); PORT 0 picks a free port
%%   --connect HOST:PORT    connect to HOST:PORT; reconnects after the connection dies
%%   --ip ADDR              the local address, for both modes (default 127.0.0.1)
%%   --tw MS                the watchdog timer Tw (default 30000), exactly MS each time: see below
%%   --jitter MS            add a uniform jitter in [-MS, +MS] to each Tw (default 0)
%%   --tw-otp MS            give MS to OTP as it is instead: OTP applies its own jitter, and
%%                          rejects anything below 6000 (see below)
%%   --tc MS                connect_timer (default 1000 when connecting, OTP's 60000 listening):
%%                          connecting, the wait before retrying a failed connection; listening,
%%                          how long a dead connection's watchdog waits for the peer to come back
%%   --capx-timeout MS      how long to wait for CEA, or CER when listening (OTP default 10000)
%%   --dpa-timeout MS       how long to wait for DPA after sending DPR (OTP default 1000)
%%   --origin-host NAME     default erlang.example.org
%%   --origin-realm NAME    default example.org
%%   --product-name NAME    default "OTP diameter"
%%   --no-messages          do not report the base messages sent and received
%%
%% The watchdog timer. RFC 3539 says Tw defaults to 30 s, must not be below 6 s, and is jittered
%% by up to +/- 2 s. OTP's diameter (diameter_watchdog:tw/1) follows that literally: an integer
%% watchdog_timer becomes a uniform draw in [T - 2000, T + 2000] each time the timer is set,
%% and its only clause requires T >= 6000. A smaller integer such as 1000 passes the
%% configuration check (any Unsigned32 does), and CER/CEA succeeds, but then the watchdog process
%% crashes with function_clause as it sets its first timer, which closes the connection; and so
%% again on every new connection (seen with `--tw-otp 1000`). The other form
%% OTP accepts, {Module, Function, Args}, is called each time the timer is set and its result
%% used as it is (in ms, even below 6000). So `--tw MS` passes {diameter_node, tw, [MS, J]},
%% which returns MS plus a uniform jitter in [-J, +J] (J from --jitter, default 0): a Tw of
%% 1000 ms is then exactly 1000 ms, which the tests rely on. `--tw-otp` is there to see OTP's own
%% behaviour.
%%
%% What the watchdog does with Tw (diameter_watchdog.erl, RFC 3539 Appendix A): in OKAY the
%% timer restarts on every message received; when it expires a DWR is sent, and if it expires
%% again with the DWA still pending the state goes to SUSPECT, and one more Tw later to DOWN
%% (the connection is closed). So after a peer goes silent, SUSPECT comes at most 2 Tw later
%% (less if a DWR was already pending), DOWN one Tw after that. Connecting, DOWN restarts the
%% transport at the next expiry: a new connection, CER/CEA, REOPEN, then three DWAs before OKAY
%% (a DWR at once, then one per Tw: OKAY about 2 Tw after REOPEN). Listening, the watchdog of
%% the dead connection waits (--tc) for the peer to come back, so that a new connection from the
%% same peer goes to REOPEN rather than straight to OKAY.
%%
%% Output: one line per event on stdout, written as it happens, fields `key=value` separated by
%% one space, the last field of a line may contain spaces (an Erlang term):
%%
%%   ready port=PORT                      listening, on PORT (the actual one with --listen 0)
%%   ready connect=HOST:PORT              connecting transport added
%%   peer_up peer=ORIGIN-HOST             capabilities exchange done: the peer is up
%%   peer_down peer=ORIGIN-HOST           the peer is no longer up (watchdog left OKAY)
%%   watchdog from=STATE to=STATE         a watchdog state change (initial, okay, suspect,
%%                                        down, reopen)
%%   reconnect                            connecting transport starts a new connection
%%   closed reason=TERM                   a connection closed before the peer came up (failed
%%                                        capabilities exchange, for instance)
%%   send msg=NAME, recv msg=NAME         a base message OTP sent or received: CER, CEA, DWR,
%%                                        DWA, DPR, DPA (from OTP's trace points; --no-messages
%%                                        turns them off)
%%   stopping                             stdin closed: stopping the service (DPR sent to a peer
%%                                        that is up)
%%   stopped                              done; the process exits with status 0
%%
%% Errors (bad options, a service or transport that will not start) go to stderr, and the
%% process exits with status 2. OTP's own log (crash reports, warnings about failed capabilities
%% exchanges) goes to stderr, one line per report.
-module(diameter_node).
-mode(compile).
-export([main/1, tw/2]).

-define(SERVICE, diameter_node).

main(Args) ->
    try
        run(options(Args, defaults()))
    catch
        throw:{usage, Text} ->
            io:format(standard_error, "diameter_node: ~ts~n", [Text]),
            halt(2)
    end.

defaults() ->
    #{mode => undefined,
      ip => {127, 0, 0, 1},
      tw => {ms, 30000},
      jitter => 0,
      tc => undefined,
      capx_timeout => undefined,
      dpa_timeout => undefined,
      origin_host => "erlang.example.org",
      origin_realm => "example.org",
      product_name => "OTP diameter",
      messages => true}.

options([], #{mode := undefined}) ->
    throw({usage, "one of --listen PORT or --connect HOST:PORT is needed"});
options([], Opts) ->
    Opts;
options(["--listen", Port | Rest], Opts) ->
    options(Rest, Opts#{mode => {listen, int(Port, "--listen", 0, 65535)}});
options(["--connect", HostPort | Rest], Opts) ->
    options(Rest, Opts#{mode => {connect, host_port(HostPort)}});
options(["--ip", Ip | Rest], Opts) ->
    options(Rest, Opts#{ip => address(Ip)});
options(["--tw", Ms | Rest], Opts) ->
    options(Rest, Opts#{tw => {ms, int(Ms, "--tw", 0, 16#FFFFFFFF)}});
options(["--tw-otp", Ms | Rest], Opts) ->
    options(Rest, Opts#{tw => {otp, int(Ms, "--tw-otp", 0, 16#FFFFFFFF)}});
options(["--jitter", Ms | Rest], Opts) ->
    options(Rest, Opts#{jitter => int(Ms, "--jitter", 0, 16#FFFFFFFF)});
options(["--tc", Ms | Rest], Opts) ->
    options(Rest, Opts#{tc => int(Ms, "--tc", 0, 16#FFFFFFFF)});
options(["--capx-timeout", Ms | Rest], Opts) ->
    options(Rest, Opts#{capx_timeout => int(Ms, "--capx-timeout", 0, 16#FFFFFFFF)});
options(["--dpa-timeout", Ms | Rest], Opts) ->
    options(Rest, Opts#{dpa_timeout => int(Ms, "--dpa-timeout", 0, 16#FFFFFFFF)});
options(["--origin-host", Name | Rest], Opts) ->
    options(Rest, Opts#{origin_host => Name});
options(["--origin-realm", Name | Rest], Opts) ->
    options(Rest, Opts#{origin_realm => Name});
options(["--product-name", Name | Rest], Opts) ->
    options(Rest, Opts#{product_name => Name});
options(["--no-messages" | Rest], Opts) ->
    options(Rest, Opts#{messages => false});
options([Arg | _], _) ->
    throw({usage, io_lib:format("unknown or incomplete option ~tp (the options are documented "
                                "at the top of this script)", [Arg])}).

int(Text, Option, Min, Max) ->
    try list_to_integer(Text) of
        N when N >= Min, N =< Max -> N;
        _ -> throw({usage, io_lib:format("~ts ~ts: out of range ~w..~w", [Option, Text, Min, Max])})
    catch
        error:badarg -> throw({usage, io_lib:format("~ts ~ts: not an integer", [Option, Text])})
    end.

host_port(Text) ->
    case string:split(Text, ":", trailing) of
        [Host, Port] when Host /= "" ->
            {address(Host), int(Port, "--connect", 1, 65535)};
        _ ->
            throw({usage, io_lib:format("--connect ~ts: expected HOST:PORT", [Text])})
    end.

address(Host) ->
    case inet:getaddr(Host, inet) of
        {ok, Ip} -> Ip;
        {error, Reason} -> throw({usage, io_lib:format("~ts: ~w", [Host, Reason])})
    end.

%% The watchdog timer, called by diameter_watchdog each time it sets its timer.
tw(Ms, 0) ->
    Ms;
tw(Ms, Jitter) ->
    max(0, Ms - Jitter + rand:uniform(2 * Jitter + 1) - 1).

run(Opts) ->
    log_to_stderr(),
    _ = start(application:ensure_all_started(diameter), "the diameter application"),
    Messages = maps:get(messages, Opts),
    Messages andalso trace_messages(),
    ok = start(diameter:start_service(?SERVICE, service(Opts)), "the service"),
    true = diameter:subscribe(?SERVICE),
    Ref = start(diameter:add_transport(?SERVICE, transport(Opts)), "the transport"),
    case maps:get(mode, Opts) of
        {listen, _} ->
            emit("ready port=~w", [listen_port(Ref, 50)]);
        {connect, {Ip, Port}} ->
            emit("ready connect=~ts:~w", [inet:ntoa(Ip), Port])
    end,
    Main = self(),
    spawn_link(fun() -> read_stdin(Main) end),
    loop(#{}).

%% OTP's default log handler writes to stdout, in multi-line reports: move it to stderr, one line
%% per report, so that stdout has only our lines.
log_to_stderr() ->
    _ = logger:remove_handler(default),
    ok = logger:add_handler(default, logger_std_h,
                            #{config => #{type => standard_error},
                              formatter => {logger_formatter, #{single_line => true}}}).

start(ok, _) ->
    ok;
start({ok, Value}, _) ->
    Value;
start({error, Reason}, What) ->
    io:format(standard_error, "diameter_node: cannot start ~ts: ~0tp~n", [What, Reason]),
    halt(2).

service(Opts) ->
    [{'Origin-Host', maps:get(origin_host, Opts)},
     {'Origin-Realm', maps:get(origin_realm, Opts)},
     {'Vendor-Id', 0},
     {'Product-Name', maps:get(product_name, Opts)},
     {'Origin-State-Id', diameter:origin_state_id()},
     {'Auth-Application-Id', [0]},
     %% The common application: the base protocol's dictionary and OTP's default callbacks,
     %% which is all a base-only peer needs.
     {application, [{alias, common},
                    {dictionary, diameter_gen_base_rfc6733},
                    {module, diameter_callback}]}].

transport(Opts) ->
    Ip = maps:get(ip, Opts),
    {Type, Config, DefaultTc} =
        case maps:get(mode, Opts) of
            {listen, Port} ->
                {listen, [{ip, Ip}, {port, Port}, {reuseaddr, true}], undefined};
            {connect, {RIp, RPort}} ->
                {connect, [{ip, Ip}, {raddr, RIp}, {rport, RPort}, {reuseaddr, true}], 1000}
        end,
    Tw = case maps:get(tw, Opts) of
             {ms, Ms} -> {?MODULE, tw, [Ms, maps:get(jitter, Opts)]};
             {otp, Ms} -> Ms
         end,
    Optional = [{connect_timer, first(maps:get(tc, Opts), DefaultTc)},
                {capx_timeout, maps:get(capx_timeout, Opts)},
                {dpa_timeout, maps:get(dpa_timeout, Opts)}],
    {Type, [{transport_module, diameter_tcp},
            {transport_config, Config},
            {watchdog_timer, Tw}
            | [T || {_, V} = T <- Optional, V /= undefined]]}.

first(undefined, Default) -> Default;
first(Value, _) -> Value.

%% The port a listening transport listens on: known once its listener process has started.
listen_port(Ref, Tries) ->
    case diameter_tcp:ports(Ref) of
        [{listen, Port, _} | _] ->
            Port;
        _ when Tries > 0 ->
            timer:sleep(100),
            listen_port(Ref, Tries - 1);
        Other ->
            io:format(standard_error, "diameter_node: the transport does not listen: ~0tp ~0tp~n",
                      [Other, diameter:service_info(?SERVICE, transport)]),
            halt(2)
    end.

%% Messages sent and received, from the trace point diameter_lib:log/4 that OTP calls with
%% (send | recv, Module, Line, 'CER' | 'DWA' | ...) where it sends or receives the base
%% messages (diameter_peer_fsm for CER/CEA/DPR/DPA, diameter_watchdog for DWR/DWA).
trace_messages() ->
    {module, _} = code:ensure_loaded(diameter_lib),
    1 = erlang:trace_pattern({diameter_lib, log, 4}, true, [global]),
    _ = erlang:trace(all, true, [call, {tracer, self()}]),
    ok.

read_stdin(Main) ->
    case io:get_line(standard_io, "") of
        eof -> Main ! stdin_closed;
        {error, _} -> Main ! stdin_closed;
        _ -> read_stdin(Main)
    end.

%% Peers: the peer processes (one per connection past CER/CEA) that events have named, monitored
%% until they end, to wait for them when stopping.
loop(Peers) ->
    receive
        stdin_closed -> stop(Peers);
        Msg -> loop(handle(Msg, Peers))
    end.

handle({diameter_event, ?SERVICE, Info}, Peers) ->
    event(Info, Peers);
handle({trace, _, call, {diameter_lib, log, [Dir, _, _, Name]}}, Peers) ->
    message(Dir, Name),
    Peers;
handle({'DOWN', _, process, PeerRef, _}, Peers) ->
    maps:remove(PeerRef, Peers);
handle(_, Peers) ->
    Peers.

message(Dir, Name)
  when (Dir == send orelse Dir == recv),
       (Name == 'CER' orelse Name == 'CEA' orelse Name == 'DWR' orelse Name == 'DWA'
        orelse Name == 'DPR' orelse Name == 'DPA') ->
    emit("~s msg=~s", [Dir, Name]);
message(_, _) ->
    ok.

event({up, _Ref, {PeerRef, Caps}, _Config, _Pkt}, Peers) ->
    emit("peer_up peer=~ts", [remote_host(Caps)]),
    track(PeerRef, Peers);
event({up, _Ref, {PeerRef, Caps}, _Config}, Peers) ->  %% back to OKAY from SUSPECT
    emit("peer_up peer=~ts", [remote_host(Caps)]),
    track(PeerRef, Peers);
event({down, _Ref, {PeerRef, Caps}, _Config}, Peers) ->
    emit("peer_down peer=~ts", [remote_host(Caps)]),
    track(PeerRef, Peers);
event({watchdog, _Ref, PeerRef, {From, To}, _Config}, Peers) ->
    emit("watchdog from=~w to=~w", [From, To]),
    track(PeerRef, Peers);
event({reconnect, _Ref, _Opts}, Peers) ->
    emit("reconnect", []),
    Peers;
event({closed, _Ref, Reason, _Config}, Peers) ->
    emit("closed reason=~0tP", [Reason, 12]),
    Peers;
event(_, Peers) ->  %% start, stop
    Peers.

track(PeerRef, Peers) when is_pid(PeerRef), not is_map_key(PeerRef, Peers) ->
    Peers#{PeerRef => monitor(process, PeerRef)};
track(_, Peers) ->
    Peers.

%% The peer's Origin-Host from #diameter_caps{origin_host = {Local, Remote}} (the record is in
%% diameter.hrl, which Debian ships in erlang-dev: read it by position instead).
remote_host(Caps) ->
    {_, Remote} = element(2, Caps),
    unicode:characters_to_binary(Remote).

%% Stops the service: OTP sends DPR on each open connection and closes it on DPA (or after
%% dpa_timeout). Waits for the peer processes to end, reporting what happens, then for the last
%% trace messages, then exits.
stop(Peers) ->
    emit("stopping", []),
    ok = diameter:stop_service(?SERVICE),
    wait_peers(Peers, erlang:monotonic_time(millisecond) + 10000),
    drain(erlang:monotonic_time(millisecond) + 200, #{}),
    emit("stopped", []),
    halt(0).

wait_peers(Peers, _) when map_size(Peers) == 0 ->
    ok;
wait_peers(Peers, Deadline) ->
    receive
        Msg -> wait_peers(handle(Msg, Peers), Deadline)
    after max(0, Deadline - erlang:monotonic_time(millisecond)) ->
        io:format(standard_error, "diameter_node: ~w peer process(es) still running at exit~n",
                  [map_size(Peers)])
    end.

drain(Deadline, Peers) ->
    receive
        Msg -> drain(Deadline, handle(Msg, Peers))
    after max(0, Deadline - erlang:monotonic_time(millisecond)) ->
        ok
    end.

emit(Format, Args) ->
    io:format(standard_io, Format ++ "~n", Args).
