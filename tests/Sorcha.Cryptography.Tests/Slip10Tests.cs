namespace Sorcha.Cryptography.Tests;

public class Slip10Tests
{
    private const uint H = Slip10.HardenedOffset;
    private static readonly byte[] Seed1 = Hashes.FromHex("000102030405060708090a0b0c0d0e0f");

    public static TheoryData<uint[], string, string, string> Ed25519Vector1 => new()
    {
        { [], "90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb", "2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7", "a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed" },
        { [0 | H], "8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69", "68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3", "8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c" },
        { [0 | H, 1 | H], "a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14", "b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2", "1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187" },
        { [0 | H, 1 | H, 2 | H], "2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c", "92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9", "ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1" },
        { [0 | H, 1 | H, 2 | H, 2 | H], "8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc", "30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662", "8abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c" },
        { [0 | H, 1 | H, 2 | H, 2 | H, 1000000000 | H], "68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230", "8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793", "3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a" },
    };

    // SLIP-0010 test vector 1 for ed25519 (public keys are the spec's 0x00-prefixed form without the prefix).
    [Theory]
    [MemberData(nameof(Ed25519Vector1))]
    public void Derive_Ed25519_vector_1_matches_spec(uint[] path, string chainCode, string privateKey, string publicKey)
    {
        var (key, chain) = Slip10.Derive(Slip10Curve.Ed25519, Seed1, path);
        Assert.Equal(chainCode, Hashes.ToHex(chain));
        Assert.Equal(privateKey, Hashes.ToHex(key));
        Assert.Equal(publicKey, Hashes.ToHex(Signatures.PublicKeyFromPrivate(SignatureAlgorithm.ED25519, key)));
    }

    public static TheoryData<uint[], string, string, string> NistVector1 => new()
    {
        { [], "beeb672fe4621673f722f38529c07392fecaa61015c80c34f29ce8b41b3cb6ea", "612091aaa12e22dd2abef664f8a01a82cae99ad7441b7ef8110424915c268bc2", "0266874dc6ade47b3ecd096745ca09bcd29638dd52c2c12117b11ed3e458cfa9e8" },
        { [0 | H], "3460cea53e6a6bb5fb391eeef3237ffd8724bf0a40e94943c98b83825342ee11", "6939694369114c67917a182c59ddb8cafc3004e63ca5d3b84403ba8613debc0c", "0384610f5ecffe8fda089363a41f56a5c7ffc1d81b59a612d0d649b2d22355590c" },
        { [0 | H, 1], "4187afff1aafa8445010097fb99d23aee9f599450c7bd140b6826ac22ba21d0c", "284e9d38d07d21e4e281b645089a94f4cf5a5a81369acf151a1c3a57f18b2129", "03526c63f8d0b4bbbf9c80df553fe66742df4676b241dabefdef67733e070f6844" },
        { [0 | H, 1, 2 | H], "98c7514f562e64e74170cc3cf304ee1ce54d6b6da4f880f313e8204c2a185318", "694596e8a54f252c960eb771a3c41e7e32496d03b954aeb90f61635b8e092aa7", "0359cf160040778a4b14c5f4d7b76e327ccc8c4a6086dd9451b7482b5a4972dda0" },
        { [0 | H, 1, 2 | H, 2], "ba96f776a5c3907d7fd48bde5620ee374d4acfd540378476019eab70790c63a0", "5996c37fd3dd2679039b23ed6f70b506c6b56b3cb5e424681fb0fa64caf82aaa", "029f871f4cb9e1c97f9f4de9ccd0d4a2f2a171110c61178f84430062230833ff20" },
        { [0 | H, 1, 2 | H, 2, 1000000000], "b9b7b82d326bb9cb5b5b121066feea4eb93d5241103c9e7a18aad40f1dde8059", "21c4f269ef0a5fd1badf47eeacebeeaa3de22eb8e5b0adcd0f27dd99d34d0119", "02216cd26d31147f72427a453c443ed2cde8a1e53c9cc44e5ddf739725413fe3f4" },
        // "Test derivation retry for nist256p1": m/28578'/33941 hits IL >= n and retries.
        { [28578 | H], "e94c8ebe30c2250a14713212f6449b20f3329105ea15b652ca5bdfc68f6c65c2", "06f0db126f023755d0b8d86d4591718a5210dd8d024e3e14b6159d63f53aa669", "02519b5554a4872e8c9c1c847115363051ec43e93400e030ba3c36b52a3e70a5b7" },
        { [28578 | H, 33941], "9e87fe95031f14736774cd82f25fd885065cb7c358c1edf813c72af535e83071", "092154eed4af83e078ff9b84322015aefe5769e31270f62c3f66c33888335f3a", "0235bfee614c0d5b2cae260000bb1d0d84b270099ad790022c1ae0b2e782efe120" },
    };

    // SLIP-0010 test vector 1 for nist256p1 (hardened and normal indexes) and the derivation-retry vector.
    [Theory]
    [MemberData(nameof(NistVector1))]
    public void Derive_nist_P256_vector_1_matches_spec(uint[] path, string chainCode, string privateKey, string compressedPublicKey)
    {
        var (key, chain) = Slip10.Derive(Slip10Curve.NistP256, Seed1, path);
        Assert.Equal(chainCode, Hashes.ToHex(chain));
        Assert.Equal(privateKey, Hashes.ToHex(key));
        Assert.Equal(compressedPublicKey, Hashes.ToHex(P256Curve.PublicKey(key, compressed: true)));
    }

    [Fact]
    public void Derive_master_nist_P256_seed_retry_vector_matches_spec()
    {
        // "Test seed retry for nist256p1": the first HMAC output is not a valid scalar.
        var (key, chain) = Slip10.DeriveMaster(Slip10Curve.NistP256, Hashes.FromHex("a7305bc8df8d0951f0cb224c0e95d7707cbdf2c6ce7e8d481fec69c7ff5e9446"));
        Assert.Equal("7762f9729fed06121fd13f326884c82f59aa95c57ac492ce8c9654e60efd130c", Hashes.ToHex(chain));
        Assert.Equal("3b8c18469a4634517d6d0b65448f8e6c62091b45540a1743c5846be55d47d88f", Hashes.ToHex(key));
    }

    private static readonly byte[] Seed2 = Hashes.FromHex(
        "fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542");

    public static TheoryData<uint[], string, string, string> Ed25519Vector2 => new()
    {
        { [], "ef70a74db9c3a5af931b5fe73ed8e1a53464133654fd55e7a66f8570b8e33c3b", "171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012", "8fe9693f8fa62a4305a140b9764c5ee01e455963744fe18204b4fb948249308a" },
        { [0 | H], "0b78a3226f915c082bf118f83618a618ab6dec793752624cbeb622acb562862d", "1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635", "86fab68dcb57aa196c77c5f264f215a112c22a912c10d123b0d03c3c28ef1037" },
        { [0 | H, 2147483647 | H], "138f0b2551bcafeca6ff2aa88ba8ed0ed8de070841f0c4ef0165df8181eaad7f", "ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4", "5ba3b9ac6e90e83effcd25ac4e58a1365a9e35a3d3ae5eb07b9e4d90bcf7506d" },
        { [0 | H, 2147483647 | H, 1 | H], "73bd9fff1cfbde33a1b846c27085f711c0fe2d66fd32e139d3ebc28e5a4a6b90", "3757c7577170179c7868353ada796c839135b3d30554bbb74a4b1e4a5a58505c", "2e66aa57069c86cc18249aecf5cb5a9cebbfd6fadeab056254763874a9352b45" },
        { [0 | H, 2147483647 | H, 1 | H, 2147483646 | H], "0902fe8a29f9140480a00ef244bd183e8a13288e4412d8389d140aac1794825a", "5837736c89570de861ebc173b1086da4f505d4adb387c6a1b1342d5e4ac9ec72", "e33c0f7d81d843c572275f287498e8d408654fdf0d1e065b84e2e6f157aab09b" },
        { [0 | H, 2147483647 | H, 1 | H, 2147483646 | H, 2 | H], "5d70af781f3a37b829f0d060924d5e960bdc02e85423494afc0b1a41bbe196d4", "551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d", "47150c75db263559a70d5778bf36abbab30fb061ad69f69ece61a72b0cfa4fc0" },
    };

    // SLIP-0010 test vector 2 for ed25519 (satoshilabs/slips slip-0010.md at 73c23acf935169e3f8f7b5824547829f24101971).
    [Theory]
    [MemberData(nameof(Ed25519Vector2))]
    public void Derive_Ed25519_vector_2_matches_spec(uint[] path, string chainCode, string privateKey, string publicKey)
    {
        var (key, chain) = Slip10.Derive(Slip10Curve.Ed25519, Seed2, path);
        Assert.Equal(chainCode, Hashes.ToHex(chain));
        Assert.Equal(privateKey, Hashes.ToHex(key));
        Assert.Equal(publicKey, Hashes.ToHex(Signatures.PublicKeyFromPrivate(SignatureAlgorithm.ED25519, key)));
    }

    public static TheoryData<uint[], string, string, string> NistVector2 => new()
    {
        { [], "96cd4465a9644e31528eda3592aa35eb39a9527769ce1855beafc1b81055e75d", "eaa31c2e46ca2962227cf21d73a7ef0ce8b31c756897521eb6c7b39796633357", "02c9e16154474b3ed5b38218bb0463e008f89ee03e62d22fdcc8014beab25b48fa" },
        { [0], "84e9c258bb8557a40e0d041115b376dd55eda99c0042ce29e81ebe4efed9b86a", "d7d065f63a62624888500cdb4f88b6d59c2927fee9e6d0cdff9cad555884df6e", "039b6df4bece7b6c81e2adfeea4bcf5c8c8a6e40ea7ffa3cf6e8494c61a1fc82cc" },
        { [0, 2147483647 | H], "f235b2bc5c04606ca9c30027a84f353acf4e4683edbd11f635d0dcc1cd106ea6", "96d2ec9316746a75e7793684ed01e3d51194d81a42a3276858a5b7376d4b94b9", "02f89c5deb1cae4fedc9905f98ae6cbf6cbab120d8cb85d5bd9a91a72f4c068c76" },
        { [0, 2147483647 | H, 1], "7c0b833106235e452eba79d2bdd58d4086e663bc8cc55e9773d2b5eeda313f3b", "974f9096ea6873a915910e82b29d7c338542ccde39d2064d1cc228f371542bbc", "03abe0ad54c97c1d654c1852dfdc32d6d3e487e75fa16f0fd6304b9ceae4220c64" },
        { [0, 2147483647 | H, 1, 2147483646 | H], "5794e616eadaf33413aa309318a26ee0fd5163b70466de7a4512fd4b1a5c9e6a", "da29649bbfaff095cd43819eda9a7be74236539a29094cd8336b07ed8d4eff63", "03cb8cb067d248691808cd6b5a5a06b48e34ebac4d965cba33e6dc46fe13d9b933" },
        { [0, 2147483647 | H, 1, 2147483646 | H, 2], "3bfb29ee8ac4484f09db09c2079b520ea5616df7820f071a20320366fbe226a7", "bb0a77ba01cc31d77205d51d08bd313b979a71ef4de9b062f8958297e746bd67", "020ee02e18967237cf62672983b253ee62fa4dd431f8243bfeccdf39dbe181387f" },
    };

    // SLIP-0010 test vector 2 for nist256p1 (same source).
    [Theory]
    [MemberData(nameof(NistVector2))]
    public void Derive_nist_P256_vector_2_matches_spec(uint[] path, string chainCode, string privateKey, string compressedPublicKey)
    {
        var (key, chain) = Slip10.Derive(Slip10Curve.NistP256, Seed2, path);
        Assert.Equal(chainCode, Hashes.ToHex(chain));
        Assert.Equal(privateKey, Hashes.ToHex(key));
        Assert.Equal(compressedPublicKey, Hashes.ToHex(P256Curve.PublicKey(key, compressed: true)));
    }

    [Fact]
    public void Derive_Ed25519_normal_index_throws() =>
        Assert.Throws<ArgumentException>(() => Slip10.Derive(Slip10Curve.Ed25519, Seed1, [1]));
}
