# tests/mpi/ompi_env.sh: Open MPI's settings for the tests' launches on a
# small shared CI box, sourced by tests/mpi/ranks.sh (the MPI test drivers)
# and tests/mpi/apps_common.sh (apps.sh, cuda_apps.sh, wcc.sh): as root;
# shared memory and self only, no network probing (no rsh agent); more
# ranks than cores allowed.
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
OMPI_MCA_btl=self,vader OMPI_MCA_plm_rsh_agent=false OMPI_MCA_rmaps_base_oversubscribe=1
# A rank that waits yields the core (sched_yield) instead of spinning: make
# check and distcheck run side by side, so a run at P = 2 shares its 2 cores
# with other tests, and Open MPI only yields by itself where P exceeds the
# cores. (bc at -np 4 on the box: 4.8 processor s with it, 339 without.)
OMPI_MCA_mpi_yield_when_idle=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_btl OMPI_MCA_plm_rsh_agent \
    OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_mpi_yield_when_idle
# A cheaper launch: most of a small run's processor time is Open MPI opening
# (dlopen) and closing plugins in each rank and mpirun. Leave out those a
# one-node run never picks (network transports, one-sided and collective
# variants nobody calls) and hwloc's GPU, PCI and XML plugins (X11,
# OpenCL, libxml2 and ICU come with them): 0.85 -> 0.57 processor seconds
# for mpirun -np 4 of an empty MPI program; tests/mpi/gen.sh 17.9 -> 14.4.
# Exclusions only (^), so an Open MPI without one of these components is
# not troubled.
OMPI_MCA_pml=^ucx,cm,monitoring OMPI_MCA_mtl=^ofi,psm,psm2 OMPI_MCA_osc=^ucx,rdma,monitoring,sm
OMPI_MCA_coll=^han,adapt,monitoring,sync,inter,hcoll OMPI_MCA_shmem=^sysv,posix OMPI_MCA_vprotocol=^pessimist
PMIX_MCA_gds=hash HWLOC_COMPONENTS=-gl,-opencl,-pci,-xml_libxml
HWLOC_PLUGINS_BLACKLIST=hwloc_gl,hwloc_opencl,hwloc_pci,hwloc_xml_libxml
export OMPI_MCA_pml OMPI_MCA_mtl OMPI_MCA_osc OMPI_MCA_coll OMPI_MCA_shmem OMPI_MCA_vprotocol PMIX_MCA_gds \
    HWLOC_COMPONENTS HWLOC_PLUGINS_BLACKLIST
