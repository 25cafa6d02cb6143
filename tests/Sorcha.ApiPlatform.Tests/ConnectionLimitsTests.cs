using System.Net.Sockets;
using System.Text;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>
/// Kestrel's connection limits come from Limits:Connections in every process (docs/limits.md, "Slow and idle
/// clients"): the defaults as documented, a configured value in force, and a client trickling its headers cut off.
/// </summary>
public sealed class ConnectionLimitsTests
{
    [Fact]
    public async Task Every_connection_limit_is_set_on_purpose_and_a_configured_one_is_in_force()
    {
        await using var app = await ServiceStartTests.StartAsync(new() { ["Limits:Connections:MaxConnections"] = "5000" });
        var limits = app.Services.GetRequiredService<IOptions<KestrelServerOptions>>().Value.Limits;

        Assert.Equal(5000, limits.MaxConcurrentConnections);
        Assert.Equal(TimeSpan.FromSeconds(120), limits.KeepAliveTimeout);
        Assert.Equal(TimeSpan.FromSeconds(10), limits.RequestHeadersTimeout);
        Assert.Equal(240, limits.MinRequestBodyDataRate!.BytesPerSecond);
        Assert.Equal(240, limits.MinResponseDataRate!.BytesPerSecond);
        await app.StopAsync();
    }

    [Fact]
    public async Task A_keep_alive_the_outgoing_clients_could_outlive_is_refused_at_start()
    {
        var e = await Assert.ThrowsAsync<OptionsValidationException>(() => ServiceStartTests.StartAsync(new() { ["Limits:Connections:KeepAliveSeconds"] = "30" }));

        Assert.Contains("Limits:Connections:KeepAliveSeconds must be at least 61; it is 30.", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_client_trickling_its_request_headers_is_cut_off_after_the_headers_timeout()
    {
        await using var app = await ServiceStartTests.StartAsync(new() { ["Limits:Connections:RequestHeadersSeconds"] = "1" });
        var address = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());
        using var client = new TcpClient();
        await client.ConnectAsync(address.Host, address.Port);
        var stream = client.GetStream();
        await stream.WriteAsync(Encoding.ASCII.GetBytes("GET /alive HTTP/1.1\r\nHost: x\r\n"));

        // One header byte a second: never a whole request. Kestrel's default (30 s) would outlast this loop.
        var closed = false;
        for (var i = 0; i < 15 && !closed; i++)
        {
            await Task.Delay(TimeSpan.FromSeconds(1));
            try
            {
                await stream.WriteAsync("X"u8.ToArray());
                // Readable: the server's 408 or its close; it has nothing else to say to a request never completed.
                closed = client.Client.Poll(0, SelectMode.SelectRead);
            }
            catch (IOException)
            {
                closed = true;
            }
        }

        Assert.True(closed, "a client trickling its headers for 15 s still holds its connection");
        await app.StopAsync();
    }
}
